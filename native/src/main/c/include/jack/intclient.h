/* Tactus libjack: JACK's internal-client calls (intclient.h); Tactus loads no internal clients. */
#ifndef TACTUS_JACK_INTCLIENT_H
#define TACTUS_JACK_INTCLIENT_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

char *jack_get_internal_client_name(jack_client_t *client, jack_intclient_t intclient);
jack_intclient_t jack_internal_client_handle(jack_client_t *client, const char *client_name, jack_status_t *status);
jack_intclient_t jack_internal_client_load(jack_client_t *client, const char *client_name, jack_options_t options,
                                           jack_status_t *status, ...);
jack_status_t jack_internal_client_unload(jack_client_t *client, jack_intclient_t intclient);

#ifdef __cplusplus
}
#endif
#endif
