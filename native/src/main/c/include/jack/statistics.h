/* Tactus libjack: JACK's statistics calls (statistics.h), declared from JACK's documented ABI. */
#ifndef TACTUS_JACK_STATISTICS_H
#define TACTUS_JACK_STATISTICS_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

float jack_get_max_delayed_usecs(jack_client_t *client);
float jack_get_xrun_delayed_usecs(jack_client_t *client);
void jack_reset_max_delayed_usecs(jack_client_t *client);

#ifdef __cplusplus
}
#endif
#endif
