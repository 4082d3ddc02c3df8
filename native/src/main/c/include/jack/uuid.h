/* Tactus libjack: JACK's UUID calls (uuid.h), declared from JACK's documented ABI. */
#ifndef TACTUS_JACK_UUID_H
#define TACTUS_JACK_UUID_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

#define JACK_UUID_SIZE 36
#define JACK_UUID_STRING_SIZE (JACK_UUID_SIZE + 1)
#define JACK_UUID_EMPTY_INITIALIZER 0

jack_uuid_t jack_client_uuid_generate(void);
jack_uuid_t jack_port_uuid_generate(uint32_t port_id);
uint32_t jack_uuid_to_index(jack_uuid_t uuid);
int jack_uuid_compare(jack_uuid_t a, jack_uuid_t b);
void jack_uuid_copy(jack_uuid_t *dst, jack_uuid_t src);
void jack_uuid_clear(jack_uuid_t *uuid);
int jack_uuid_parse(const char *buf, jack_uuid_t *uuid);
void jack_uuid_unparse(jack_uuid_t uuid, char buf[JACK_UUID_STRING_SIZE]);
int jack_uuid_empty(jack_uuid_t uuid);

#ifdef __cplusplus
}
#endif
#endif
