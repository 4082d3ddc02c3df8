/* Tactus libjack: JACK's transport calls (transport.h), declared from JACK's documented ABI. */
#ifndef TACTUS_JACK_TRANSPORT_H
#define TACTUS_JACK_TRANSPORT_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

int jack_release_timebase(jack_client_t *client);
int jack_set_sync_callback(jack_client_t *client, JackSyncCallback sync_callback, void *arg);
int jack_set_sync_timeout(jack_client_t *client, jack_time_t timeout);
int jack_set_timebase_callback(jack_client_t *client, int conditional, JackTimebaseCallback timebase_callback,
                               void *arg);
int jack_transport_locate(jack_client_t *client, jack_nframes_t frame);
jack_transport_state_t jack_transport_query(const jack_client_t *client, jack_position_t *pos);
jack_nframes_t jack_get_current_transport_frame(const jack_client_t *client);
int jack_transport_reposition(jack_client_t *client, const jack_position_t *pos);
void jack_transport_start(jack_client_t *client);
void jack_transport_stop(jack_client_t *client);
void jack_get_transport_info(jack_client_t *client, jack_transport_info_t *tinfo);
void jack_set_transport_info(jack_client_t *client, jack_transport_info_t *tinfo);

#ifdef __cplusplus
}
#endif
#endif
