/* JACK's UUIDs: 64-bit numbers, written as decimal text as JACK writes them. */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define CLIENT_KIND 1ULL
#define PORT_KIND 2ULL

jack_uuid_t jack_client_uuid_generate(void) {
    static uint32_t next = 0;
    return (CLIENT_KIND << 32) | __atomic_add_fetch(&next, 1, __ATOMIC_RELAXED);
}

jack_uuid_t jack_port_uuid_generate(uint32_t port_id) {
    return (PORT_KIND << 32) | port_id;
}

uint32_t jack_uuid_to_index(jack_uuid_t uuid) {
    return (uint32_t) (uuid & 0xFFFFFFFFu);
}

int jack_uuid_compare(jack_uuid_t a, jack_uuid_t b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

void jack_uuid_copy(jack_uuid_t *dst, jack_uuid_t src) {
    if (dst) {
        *dst = src;
    }
}

void jack_uuid_clear(jack_uuid_t *uuid) {
    if (uuid) {
        *uuid = 0;
    }
}

int jack_uuid_parse(const char *buf, jack_uuid_t *uuid) {
    char *end;
    if (!buf || !uuid) {
        return -1;
    }
    unsigned long long value = strtoull(buf, &end, 10);
    if (end == buf) {
        return -1;
    }
    *uuid = value;
    return 0;
}

void jack_uuid_unparse(jack_uuid_t uuid, char buf[JACK_UUID_STRING_SIZE]) {
    snprintf(buf, JACK_UUID_STRING_SIZE, "%" PRIu64, (uint64_t) uuid);
}

int jack_uuid_empty(jack_uuid_t uuid) {
    return uuid == 0;
}
