/*
 * JACK's MIDI buffer calls on Tactus's MidiBuffer block (io.tactus.api.MidiBuffer), so that Java and C
 * clients read each other's events from the shared slots:
 *
 *   0 int count | 4 int lost | 8 long reserved (count and lost share one 64-bit word: a clear is one store)
 *  16 count x { int frame, int size, int dataOffset }, growing forwards
 *     event data, growing backwards from the end of the 4096-byte block: the last event's dataOffset is where
 *     it begins
 *
 * Events are written in frame order; a write that does not fit, or comes before the last event, is refused
 * and counted lost. Every call here is allocation-free and lock-free: the process callback's to use.
 */
#include "internal.h"

#include <errno.h>
#include <string.h>

#define HEADER 16
#define ENTRY 12
#define CAPACITY TJ_MIDI_BYTES

/* The period every event's frame must fall in: the server's nframes, the same for every client of a process. */
static int period_frames = 1 << 30;

void tj_midi_set_nframes(int nframes) {
    period_frames = nframes;
}

static inline int32_t get(const void *block, int offset) {
    int32_t v;
    memcpy(&v, (const unsigned char *) block + offset, 4);
    return v;
}

static inline void put(void *block, int offset, int32_t v) {
    memcpy((unsigned char *) block + offset, &v, 4);
}

/* Bytes of event data of the first count events: from the last one's start to the end of the block. */
static int data_bytes(const void *block, int count) {
    return count <= 0 ? 0 : CAPACITY - get(block, HEADER + (count - 1) * ENTRY + 8);
}

static int free_bytes(const void *block) {
    int count = get(block, 0);
    return CAPACITY - HEADER - count * ENTRY - data_bytes(block, count);
}

uint32_t jack_midi_get_event_count(void *port_buffer) {
    if (!port_buffer) {
        return 0;
    }
    int32_t count = get(port_buffer, 0);
    return count > 0 ? (uint32_t) count : 0;
}

int jack_midi_event_get(jack_midi_event_t *event, void *port_buffer, uint32_t event_index) {
    if (!event || !port_buffer) {
        return -EINVAL;
    }
    if (event_index >= jack_midi_get_event_count(port_buffer)) {
        return -ENOBUFS;
    }
    int at = HEADER + (int) event_index * ENTRY;
    event->time = (jack_nframes_t) get(port_buffer, at);
    event->size = (size_t) get(port_buffer, at + 4);
    event->buffer = (jack_midi_data_t *) port_buffer + get(port_buffer, at + 8);
    return 0;
}

void jack_midi_clear_buffer(void *port_buffer) {
    if (port_buffer) {
        put(port_buffer, 0, 0);
        put(port_buffer, 4, 0);
    }
}

void jack_midi_reset_buffer(void *port_buffer) {
    jack_midi_clear_buffer(port_buffer);
}

size_t jack_midi_max_event_size(void *port_buffer) {
    if (!port_buffer) {
        return 0;
    }
    int room = free_bytes(port_buffer) - ENTRY;
    return room > 0 ? (size_t) room : 0;
}

static void lose(void *block) {
    put(block, 4, get(block, 4) + 1);
}

jack_midi_data_t *jack_midi_event_reserve(void *port_buffer, jack_nframes_t time, size_t data_size) {
    if (!port_buffer) {
        return NULL;
    }
    int32_t count = get(port_buffer, 0);
    if (data_size < 1 || time >= (jack_nframes_t) period_frames || data_size > CAPACITY
        || ENTRY + (int) data_size > free_bytes(port_buffer)
        || (count > 0 && (int32_t) time < get(port_buffer, HEADER + (count - 1) * ENTRY))) {
        lose(port_buffer);
        return NULL;
    }
    int32_t offset = CAPACITY - data_bytes(port_buffer, count) - (int32_t) data_size;
    int at = HEADER + count * ENTRY;
    put(port_buffer, at, (int32_t) time);
    put(port_buffer, at + 4, (int32_t) data_size);
    put(port_buffer, at + 8, offset);
    put(port_buffer, 0, count + 1);
    return (jack_midi_data_t *) port_buffer + offset;
}

int jack_midi_event_write(void *port_buffer, jack_nframes_t time, const jack_midi_data_t *data, size_t data_size) {
    jack_midi_data_t *at = jack_midi_event_reserve(port_buffer, time, data_size);
    if (!at) {
        return -ENOBUFS;
    }
    memcpy(at, data, data_size);
    return 0;
}

uint32_t jack_midi_get_lost_event_count(void *port_buffer) {
    return port_buffer ? (uint32_t) get(port_buffer, 4) : 0;
}

/* A private copy of a block another process may be writing, its lengths clipped to the block (MidiBuffer.copyFrom). */
static void snapshot(unsigned char *into, const unsigned char *from) {
    memcpy(into, from, HEADER);
    int count = get(into, 0);
    count = count < 0 ? 0 : count > (CAPACITY - HEADER) / ENTRY ? (CAPACITY - HEADER) / ENTRY : count;
    memcpy(into + HEADER, from + HEADER, (size_t) count * ENTRY);
    int data = data_bytes(into, count);
    int most = CAPACITY - HEADER - count * ENTRY;
    data = data < 0 ? 0 : data > most ? most : data;
    memcpy(into + CAPACITY - data, from + CAPACITY - data, (size_t) data);
    put(into, 0, count);
}

/* How many events, from the first, are whole (MidiBuffer.intactEvents). */
static int intact(const unsigned char *block) {
    int count = get(block, 0);
    if (count <= 0 || count > (CAPACITY - HEADER) / ENTRY) {
        return 0;
    }
    int table_end = HEADER + count * ENTRY;
    for (int i = 0; i < count; i++) {
        int at = HEADER + i * ENTRY;
        int frame = get(block, at);
        int size = get(block, at + 4);
        int offset = get(block, at + 8);
        if (frame < 0 || frame >= period_frames || size < 1 || offset < table_end || offset > CAPACITY - size) {
            return i;
        }
    }
    return count;
}

/*
 * Realtime: the sources' whole events merged into target in frame order (equal frames in source order),
 * each source read from its own copy in scratch (TJ_MAX_SOURCES blocks), as io.tactus.midi.MidiMerge does.
 */
void tj_midi_merge(void *target, unsigned char *const *sources, int count, unsigned char *scratch) {
    int cursors[TJ_MAX_SOURCES];
    int ends[TJ_MAX_SOURCES];
    jack_midi_clear_buffer(target);
    if (!scratch) {
        return;
    }
    for (int s = 0; s < count; s++) {
        snapshot(scratch + (size_t) s * CAPACITY, sources[s]);
        cursors[s] = 0;
        ends[s] = intact(scratch + (size_t) s * CAPACITY);
    }
    for (;;) {
        int next = -1;
        int earliest = 0;
        for (int s = 0; s < count; s++) {
            const unsigned char *block = scratch + (size_t) s * CAPACITY;
            if (cursors[s] < ends[s]) {
                int frame = get(block, HEADER + cursors[s] * ENTRY);
                if (next < 0 || frame < earliest) {
                    earliest = frame;
                    next = s;
                }
            }
        }
        if (next < 0) {
            return;
        }
        const unsigned char *block = scratch + (size_t) next * CAPACITY;
        int at = HEADER + cursors[next]++ * ENTRY;
        jack_midi_event_write(target, (jack_nframes_t) get(block, at), block + get(block, at + 8),
                              (size_t) get(block, at + 4));
    }
}
