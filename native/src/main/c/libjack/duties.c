/*
 * A process client's part in the transport (docs/ipc-contract.md, "Sync and timebase of process clients"), as
 * io.tactus.ipc.client.TransportDuties plays it: before the process callback, while the cycle's transport is
 * STARTING, the sync callback's answer goes into the client's record (+384: the frame, then the answer word
 * cycle << 1 | ready, release); after it, while the engine names this record the timebase master, the timebase
 * callback fills the BBT of the next cycle's frame, written under the record's sequence lock. The engine reads
 * both at the start of the next cycle. Realtime: allocation-free, lock-free, no system call.
 */
#include "internal.h"

#include <errno.h>
#include <jack/transport.h>
#include <stdlib.h>
#include <string.h>

static inline void st64(jack_client_t *c, size_t at, int64_t v) {
    __atomic_store_n((int64_t *) (c->segment + at), v, __ATOMIC_RELEASE);
}
static inline void st32(jack_client_t *c, size_t at, int32_t v) {
    __atomic_store_n((int32_t *) (c->segment + at), v, __ATOMIC_RELEASE);
}

/* Realtime: the sync answer for the cycle, while its transport is STARTING. */
void tj_sync_duty(jack_client_t *c, int64_t cycle) {
    JackSyncCallback callback = __atomic_load_n(&c->sync_callback, __ATOMIC_ACQUIRE);
    if (!callback) {
        return;
    }
    jack_position_t position;
    jack_transport_state_t state = jack_transport_query(c, &position);
    if (state != JackTransportStarting) {
        return;
    }
    int ready = callback(state, &position, c->sync_arg) != 0;
    size_t at = tj_record_offset(c->record) + TJ_OFF_ANSWERS;
    st64(c, at + 8, (int64_t) position.frame);
    st64(c, at, (int64_t) ((uint64_t) cycle << 1 | (uint64_t) ready));
}

/* Realtime: the master's BBT for the next cycle's frame, each cycle that rolls and after each new position. */
void tj_timebase_duty(jack_client_t *c, int nframes) {
    JackTimebaseCallback callback = __atomic_load_n(&c->timebase_callback, __ATOMIC_ACQUIRE);
    int bank = (int) (c->reading_cycle & 1);
    int32_t master = __atomic_load_n((int32_t *) (c->segment + TJ_OFF_TRANSPORT + (size_t) bank * TJ_TRANSPORT_BANK_BYTES
                                                  + 88), __ATOMIC_ACQUIRE);
    if (!callback || master != c->record) {
        c->timebase_was_master = 0;
        return;
    }
    jack_position_t position;
    jack_transport_state_t state = jack_transport_query(c, &position);
    int rolling = state == JackTransportRolling;
    int fresh = !c->timebase_was_master || (int64_t) position.frame != c->timebase_filled_for;
    int64_t next = (int64_t) position.frame + (rolling ? nframes : 0);
    c->timebase_was_master = 1;
    c->timebase_filled_for = next;
    if (!fresh && !rolling) {
        return;
    }
    position.frame = (jack_nframes_t) next;
    callback(state, (jack_nframes_t) nframes, &position, fresh, c->timebase_arg);
    size_t at = tj_record_offset(c->record) + TJ_OFF_ANSWERS;
    int64_t sequence = __atomic_load_n((int64_t *) (c->segment + at + 16), __ATOMIC_ACQUIRE);
    __atomic_store_n((int64_t *) (c->segment + at + 16), sequence + 1, __ATOMIC_SEQ_CST);
    st64(c, at + 24, next);
    st32(c, at + 32, (position.valid & JackPositionBBT) ? 1 : 0);
    st32(c, at + 36, position.bar);
    st32(c, at + 40, position.beat);
    st32(c, at + 44, position.tick);
    int64_t bits64;
    int32_t bits32;
    memcpy(&bits64, &position.bar_start_tick, 8);
    st64(c, at + 48, bits64);
    memcpy(&bits32, &position.beats_per_bar, 4);
    st32(c, at + 56, bits32);
    memcpy(&bits32, &position.beat_type, 4);
    st32(c, at + 60, bits32);
    memcpy(&bits64, &position.ticks_per_beat, 8);
    st64(c, at + 64, bits64);
    memcpy(&bits64, &position.beats_per_minute, 8);
    st64(c, at + 72, bits64);
    st64(c, at + 16, sequence + 2);
}

static int request_bool(jack_client_t *client, int type, int value, const char *what) {
    tj_buf body;
    tj_buf_init(&body);
    tj_putbool(&body, value);
    int result = tj_request_ok(client, type, &body, what);
    tj_buf_free(&body);
    return result;
}

/* The callback is in place before the server counts this client among the slow-sync ones. */
int jack_set_sync_callback(jack_client_t *client, JackSyncCallback callback, void *arg) {
    if (!client) {
        return -1;
    }
    if (!callback) {
        int result = request_bool(client, TJ_SET_SYNC_CALLBACK, 0, "jack_set_sync_callback");
        if (result == 0) {
            __atomic_store_n(&client->sync_callback, NULL, __ATOMIC_RELEASE);
        }
        return result;
    }
    client->sync_arg = arg;
    __atomic_store_n(&client->sync_callback, callback, __ATOMIC_RELEASE);
    if (request_bool(client, TJ_SET_SYNC_CALLBACK, 1, "jack_set_sync_callback") != 0) {
        __atomic_store_n(&client->sync_callback, NULL, __ATOMIC_RELEASE);
        return -1;
    }
    return 0;
}

int jack_set_sync_timeout(jack_client_t *client, jack_time_t timeout) {
    if (!client) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_put64(&body, (int64_t) timeout);
    int result = tj_request_ok(client, TJ_SET_SYNC_TIMEOUT, &body, "jack_set_sync_timeout");
    tj_buf_free(&body);
    return result;
}

/* Conditional and refused (another client is master): EBUSY, as JACK, without an error message. */
int jack_set_timebase_callback(jack_client_t *client, int conditional, JackTimebaseCallback callback, void *arg) {
    if (!client || !callback) {
        return -1;
    }
    client->timebase_arg = arg;
    __atomic_store_n(&client->timebase_callback, callback, __ATOMIC_RELEASE);
    tj_buf body;
    tj_buf_init(&body);
    tj_putbool(&body, conditional);
    tj_reply *reply = tj_request(client, TJ_SET_TIMEBASE, &body);
    tj_buf_free(&body);
    int result = 0;
    if (!reply || reply->type != TJ_OK) {
        __atomic_store_n(&client->timebase_callback, NULL, __ATOMIC_RELEASE);
        if (conditional && reply && reply->type == TJ_ERROR) {
            result = EBUSY;
        } else {
            tj_report(client, reply, "jack_set_timebase_callback");
            result = -1;
        }
    }
    tj_reply_free(reply);
    return result;
}

int jack_release_timebase(jack_client_t *client) {
    if (!client) {
        return -1;
    }
    if (tj_request_ok(client, TJ_RELEASE_TIMEBASE, NULL, "jack_release_timebase") != 0) {
        return -1;
    }
    __atomic_store_n(&client->timebase_callback, NULL, __ATOMIC_RELEASE);
    return 0;
}

/* Tactus has no takeover: the server's own timebase is not a client. */
int jack_engine_takeover_timebase(jack_client_t *client) {
    (void) client;
    return -1;
}

/* Ok once the engine runs at the new size; the process thread tells the callback before its first cycle at it. */
int jack_set_buffer_size(jack_client_t *client, jack_nframes_t nframes) {
    if (!client) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_put32(&body, (int32_t) nframes);
    int result = tj_request_ok(client, TJ_SET_BUFFER_SIZE, &body, "jack_set_buffer_size");
    tj_buf_free(&body);
    return result;
}

int jack_set_freewheel(jack_client_t *client, int onoff) {
    return client ? request_bool(client, TJ_SET_FREEWHEEL, onoff != 0, "jack_set_freewheel") : -1;
}
