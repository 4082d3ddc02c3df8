/*
 * The control protocol's field encoding (io.tactus.ipc.ControlCodec): big-endian integers, strings as a
 * uint16 byte count and UTF-8, booleans as one byte. Reads are bounds-checked: a short frame sets
 * `failed` and yields zeros, never a read past the buffer. Control path only: it allocates.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void tj_buf_init(tj_buf *b) {
    memset(b, 0, sizeof *b);
}

void tj_buf_free(tj_buf *b) {
    free(b->data);
    tj_buf_init(b);
}

static unsigned char *room(tj_buf *b, size_t bytes) {
    if (b->failed) {
        return NULL;
    }
    if (b->length + bytes > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 128;
        while (capacity < b->length + bytes) {
            capacity *= 2;
        }
        unsigned char *grown = realloc(b->data, capacity);
        if (!grown) {
            b->failed = 1;
            return NULL;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    unsigned char *at = b->data + b->length;
    b->length += bytes;
    return at;
}

static void put_be(tj_buf *b, uint64_t v, int bytes) {
    unsigned char *at = room(b, (size_t) bytes);
    if (at) {
        for (int i = 0; i < bytes; i++) {
            at[i] = (unsigned char) (v >> (8 * (bytes - 1 - i)));
        }
    }
}

void tj_put16(tj_buf *b, int v) { put_be(b, (uint16_t) v, 2); }
void tj_put32(tj_buf *b, int32_t v) { put_be(b, (uint32_t) v, 4); }
void tj_put64(tj_buf *b, int64_t v) { put_be(b, (uint64_t) v, 8); }
void tj_putbool(tj_buf *b, int v) { put_be(b, v ? 1 : 0, 1); }

void tj_putf64(tj_buf *b, double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    put_be(b, bits, 8);
}

void tj_putstr(tj_buf *b, const char *s) {
    size_t n = strlen(s);
    if (n > 0xFFFF) {
        b->failed = 1;
        return;
    }
    tj_put16(b, (int) n);
    unsigned char *at = room(b, n);
    if (at) {
        memcpy(at, s, n);
    }
}

static uint64_t get_be(tj_buf *b, int bytes) {
    if (b->failed || b->read + (size_t) bytes > b->length) {
        b->failed = 1;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) {
        v = (v << 8) | b->data[b->read + (size_t) i];
    }
    b->read += (size_t) bytes;
    return v;
}

int tj_get16(tj_buf *b) { return (int) (uint16_t) get_be(b, 2); }
int32_t tj_get32(tj_buf *b) { return (int32_t) (uint32_t) get_be(b, 4); }
int64_t tj_get64(tj_buf *b) { return (int64_t) get_be(b, 8); }
int tj_getbool(tj_buf *b) { return get_be(b, 1) != 0; }

double tj_getf64(tj_buf *b) {
    uint64_t bits = get_be(b, 8);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

char *tj_getstr(tj_buf *b) {
    size_t n = (size_t) tj_get16(b);
    if (b->failed || b->read + n > b->length) {
        b->failed = 1;
        return NULL;
    }
    char *s = malloc(n + 1);
    if (!s) {
        b->failed = 1;
        return NULL;
    }
    memcpy(s, b->data + b->read, n);
    s[n] = '\0';
    b->read += n;
    return s;
}
