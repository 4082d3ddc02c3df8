/*
 * JACK's single-reader single-writer ring buffer: a power-of-two buffer and two indices, each written by
 * one side only, so neither side locks or allocates after creation. One byte stays free so that full and
 * empty differ.
 */
#include <jack/ringbuffer.h>

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static size_t load(const volatile size_t *index) {
    return __atomic_load_n(index, __ATOMIC_ACQUIRE);
}

static void store(volatile size_t *index, size_t value) {
    __atomic_store_n(index, value, __ATOMIC_RELEASE);
}

jack_ringbuffer_t *jack_ringbuffer_create(size_t sz) {
    jack_ringbuffer_t *rb = calloc(1, sizeof *rb);
    if (!rb) {
        return NULL;
    }
    size_t size = 1;
    while (size < sz + 1) {
        size <<= 1;
    }
    rb->size = size;
    rb->size_mask = size - 1;
    rb->buf = malloc(size);
    if (!rb->buf) {
        free(rb);
        return NULL;
    }
    return rb;
}

void jack_ringbuffer_free(jack_ringbuffer_t *rb) {
    if (!rb) {
        return;
    }
    if (rb->mlocked) {
        munlock(rb->buf, rb->size);
    }
    free(rb->buf);
    free(rb);
}

int jack_ringbuffer_mlock(jack_ringbuffer_t *rb) {
    if (mlock(rb->buf, rb->size) != 0) {
        return -1;
    }
    rb->mlocked = 1;
    return 0;
}

void jack_ringbuffer_reset(jack_ringbuffer_t *rb) {
    store(&rb->read_ptr, 0);
    store(&rb->write_ptr, 0);
    memset(rb->buf, 0, rb->size);
}

void jack_ringbuffer_reset_size(jack_ringbuffer_t *rb, size_t sz) {
    if (sz > 0 && sz <= rb->size) {
        rb->size = sz;
        rb->size_mask = sz - 1;
    }
    store(&rb->read_ptr, 0);
    store(&rb->write_ptr, 0);
}

size_t jack_ringbuffer_read_space(const jack_ringbuffer_t *rb) {
    return (load(&rb->write_ptr) - load(&rb->read_ptr)) & rb->size_mask;
}

size_t jack_ringbuffer_write_space(const jack_ringbuffer_t *rb) {
    return (load(&rb->read_ptr) - load(&rb->write_ptr) - 1) & rb->size_mask;
}

static void vectors(const jack_ringbuffer_t *rb, size_t start, size_t space, jack_ringbuffer_data_t *vec) {
    size_t end = start + space;
    if (end > rb->size) {
        vec[0].buf = rb->buf + start;
        vec[0].len = rb->size - start;
        vec[1].buf = rb->buf;
        vec[1].len = end & rb->size_mask;
    } else {
        vec[0].buf = rb->buf + start;
        vec[0].len = space;
        vec[1].buf = rb->buf;
        vec[1].len = 0;
    }
}

void jack_ringbuffer_get_read_vector(const jack_ringbuffer_t *rb, jack_ringbuffer_data_t *vec) {
    vectors(rb, load(&rb->read_ptr), jack_ringbuffer_read_space(rb), vec);
}

void jack_ringbuffer_get_write_vector(const jack_ringbuffer_t *rb, jack_ringbuffer_data_t *vec) {
    vectors(rb, load(&rb->write_ptr), jack_ringbuffer_write_space(rb), vec);
}

size_t jack_ringbuffer_peek(jack_ringbuffer_t *rb, char *dest, size_t cnt) {
    jack_ringbuffer_data_t vec[2];
    jack_ringbuffer_get_read_vector(rb, vec);
    size_t n = cnt < vec[0].len + vec[1].len ? cnt : vec[0].len + vec[1].len;
    size_t first = n < vec[0].len ? n : vec[0].len;
    memcpy(dest, vec[0].buf, first);
    memcpy(dest + first, vec[1].buf, n - first);
    return n;
}

size_t jack_ringbuffer_read(jack_ringbuffer_t *rb, char *dest, size_t cnt) {
    size_t n = jack_ringbuffer_peek(rb, dest, cnt);
    jack_ringbuffer_read_advance(rb, n);
    return n;
}

void jack_ringbuffer_read_advance(jack_ringbuffer_t *rb, size_t cnt) {
    store(&rb->read_ptr, (load(&rb->read_ptr) + cnt) & rb->size_mask);
}

size_t jack_ringbuffer_write(jack_ringbuffer_t *rb, const char *src, size_t cnt) {
    jack_ringbuffer_data_t vec[2];
    jack_ringbuffer_get_write_vector(rb, vec);
    size_t n = cnt < vec[0].len + vec[1].len ? cnt : vec[0].len + vec[1].len;
    size_t first = n < vec[0].len ? n : vec[0].len;
    memcpy(vec[0].buf, src, first);
    memcpy(vec[1].buf, src + first, n - first);
    jack_ringbuffer_write_advance(rb, n);
    return n;
}

void jack_ringbuffer_write_advance(jack_ringbuffer_t *rb, size_t cnt) {
    store(&rb->write_ptr, (load(&rb->write_ptr) + cnt) & rb->size_mask);
}
