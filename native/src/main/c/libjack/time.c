/*
 * Frame time and transport from the graph segment (docs/ipc-contract.md, header +128 and +256): the engine
 * publishes both every cycle under a sequence lock, in a bank per cycle parity, so the process thread reads its
 * own cycle's figures even after the engine moved on, other threads the newest; these reads never wait for the
 * engine, a read that overlaps a stamp retries, and one that keeps failing (an engine gone mid-stamp) turns to the
 * other bank and then settles for what it read. Every read is allocation-free and lock-free, for the process callback;
 * starting, stopping and locating the transport are control requests (not for the process callback).
 */
#include "internal.h"

#include <jack/transport.h>
#include <math.h>
#include <string.h>

typedef struct {
    int64_t frames;
    int64_t start;
    int64_t next;
    int32_t period_frames; /* the stamped cycle's: across a switch, a reader of the old stamp keeps the old size */
} stamp;

static int64_t load64(const jack_client_t *c, size_t offset) {
    return __atomic_load_n((const int64_t *) (c->segment + offset), __ATOMIC_ACQUIRE);
}

static int32_t load32(const jack_client_t *c, size_t offset) {
    return __atomic_load_n((const int32_t *) (c->segment + offset), __ATOMIC_ACQUIRE);
}

/* The sequence word is even and unchanged across the reads: one stamp seen whole. */
static int stable(const jack_client_t *c, size_t sequence_offset, int64_t before) {
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return (before & 1) == 0 && load64(c, sequence_offset) == before;
}

/*
 * The bank to read of the stamps at base (each bank's cycle word at +8): the process thread's own cycle's during
 * its callback, else the one with the higher cycle word, the newest.
 */
static int first_bank(const jack_client_t *c, size_t base, size_t bank_bytes) {
    if (c->process_started && pthread_equal(pthread_self(), c->process) && c->reading_cycle >= 0) {
        return (int) (c->reading_cycle & 1);
    }
    return load64(c, base + bank_bytes + 8) > load64(c, base + 8) ? 1 : 0;
}

/* After the tries-th failed read of bank: the bank to read next, or -1 to settle for what was read. */
static int retry(int bank, int tries) {
    if (tries >= 2 * TJ_TRIES_PER_BANK) {
        return -1;
    }
    return tries == TJ_TRIES_PER_BANK ? bank ^ 1 : bank;
}

static stamp read_stamp(const jack_client_t *c) {
    stamp s;
    int bank = first_bank(c, TJ_OFF_CLOCK, TJ_CLOCK_BANK_BYTES);
    for (int tries = 1;; tries++) {
        size_t at = TJ_OFF_CLOCK + (size_t) bank * TJ_CLOCK_BANK_BYTES;
        int64_t sequence = load64(c, at);
        s.frames = load64(c, at + 16);
        s.start = load64(c, at + 24);
        s.next = load64(c, at + 32);
        s.period_frames = load32(c, at + TJ_CLOCK_PERIOD_FRAMES);
        if (stable(c, at, sequence) || (bank = retry(bank, tries)) < 0) {
            return s;
        }
    }
}

static int64_t period_nanos(const stamp *s) {
    return s->next - s->start > 0 ? s->next - s->start : 1;
}

static int64_t period_frames(const stamp *s) {
    return s->period_frames > 0 ? s->period_frames : 1;
}

jack_time_t jack_get_time(void) {
    return (jack_time_t) (tj_now_nanos() / 1000);
}

jack_nframes_t jack_last_frame_time(const jack_client_t *client) {
    return client ? (jack_nframes_t) read_stamp(client).frames : 0;
}

static int64_t frames_at(const jack_client_t *client, int64_t nanos) {
    stamp s = read_stamp(client);
    return s.frames + llround((double) (nanos - s.start) * period_frames(&s) / (double) period_nanos(&s));
}

jack_nframes_t jack_frame_time(const jack_client_t *client) {
    return client ? (jack_nframes_t) frames_at(client, tj_now_nanos()) : 0;
}

jack_nframes_t jack_frames_since_cycle_start(const jack_client_t *client) {
    if (!client) {
        return 0;
    }
    stamp s = read_stamp(client);
    int64_t since = (tj_now_nanos() - s.start) * period_frames(&s) / period_nanos(&s);
    return since > 0 ? (jack_nframes_t) since : 0;
}

int jack_get_cycle_times(const jack_client_t *client, jack_nframes_t *current_frames, jack_time_t *current_usecs,
                         jack_time_t *next_usecs, float *period_usecs) {
    if (!client) {
        return -1;
    }
    stamp s = read_stamp(client);
    if (current_frames) *current_frames = (jack_nframes_t) s.frames;
    if (current_usecs) *current_usecs = (jack_time_t) (s.start / 1000);
    if (next_usecs) *next_usecs = (jack_time_t) (s.next / 1000);
    if (period_usecs) *period_usecs = (float) (s.next - s.start) / 1000.0f;
    return 0;
}

jack_time_t jack_frames_to_time(const jack_client_t *client, jack_nframes_t frames) {
    if (!client) {
        return 0;
    }
    stamp s = read_stamp(client);
    int32_t delta = (int32_t) (frames - (jack_nframes_t) s.frames); /* frame times wrap at 32 bits */
    return (jack_time_t) llround((s.start + (double) delta * period_nanos(&s) / period_frames(&s)) / 1000.0);
}

jack_nframes_t jack_time_to_frames(const jack_client_t *client, jack_time_t usecs) {
    return client ? (jack_nframes_t) frames_at(client, (int64_t) usecs * 1000) : 0;
}

jack_transport_state_t jack_transport_query(const jack_client_t *client, jack_position_t *pos) {
    if (!client) {
        return JackTransportStopped;
    }
    int bank = first_bank(client, TJ_OFF_TRANSPORT, TJ_TRANSPORT_BANK_BYTES);
    for (int tries = 1;; tries++) {
        const size_t t = TJ_OFF_TRANSPORT + (size_t) bank * TJ_TRANSPORT_BANK_BYTES;
        int64_t sequence = load64(client, t);
        int32_t state = load32(client, t + 16);
        int32_t rate = load32(client, t + 20);
        int64_t frame = load64(client, t + 24);
        int64_t micros = load64(client, t + 32);
        int32_t bbt = load32(client, t + 40);
        int32_t bar = load32(client, t + 44);
        int32_t beat = load32(client, t + 48);
        int32_t tick = load32(client, t + 52);
        int64_t bar_start_bits = load64(client, t + 56);
        int32_t beats_per_bar_bits = load32(client, t + 64);
        int32_t beat_type_bits = load32(client, t + 68);
        int64_t ticks_per_beat_bits = load64(client, t + 72);
        int64_t bpm_bits = load64(client, t + 80);
        if (!stable(client, t, sequence) && (bank = retry(bank, tries)) >= 0) {
            continue;
        }
        if (pos) {
            memset(pos, 0, sizeof *pos);
            pos->unique_1 = (jack_unique_t) sequence;
            pos->unique_2 = (jack_unique_t) sequence;
            pos->usecs = (jack_time_t) micros;
            pos->frame_rate = (jack_nframes_t) (rate > 0 ? rate : client->sample_rate);
            pos->frame = (jack_nframes_t) frame;
            if (bbt) {
                pos->valid = JackPositionBBT;
                pos->bar = bar;
                pos->beat = beat;
                pos->tick = tick;
                memcpy(&pos->bar_start_tick, &bar_start_bits, 8);
                memcpy(&pos->beats_per_bar, &beats_per_bar_bits, 4);
                memcpy(&pos->beat_type, &beat_type_bits, 4);
                memcpy(&pos->ticks_per_beat, &ticks_per_beat_bits, 8);
                memcpy(&pos->beats_per_minute, &bpm_bits, 8);
            }
        }
        return state == 1 ? JackTransportRolling : state == 2 ? JackTransportStarting : JackTransportStopped;
    }
}

jack_nframes_t jack_get_current_transport_frame(const jack_client_t *client) {
    jack_position_t pos;
    jack_transport_state_t state = jack_transport_query(client, &pos);
    if (state == JackTransportRolling) {
        return pos.frame + jack_frames_since_cycle_start(client);
    }
    return pos.frame;
}

static int transport_request(jack_client_t *client, const char *action, int64_t frame, const char *call) {
    if (!client) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, action);
    tj_put64(&body, frame);
    tj_putf64(&body, 120.0);
    int result = tj_request_ok(client, TJ_TRANSPORT_REQUEST, &body, call);
    tj_buf_free(&body);
    return result;
}

void jack_transport_start(jack_client_t *client) {
    transport_request(client, "start", 0, "jack_transport_start");
}

void jack_transport_stop(jack_client_t *client) {
    transport_request(client, "stop", 0, "jack_transport_stop");
}

int jack_transport_locate(jack_client_t *client, jack_nframes_t frame) {
    return transport_request(client, "locate", (int64_t) frame, "jack_transport_locate");
}

int jack_transport_reposition(jack_client_t *client, const jack_position_t *pos) {
    return pos ? jack_transport_locate(client, pos->frame) : -1;
}

void jack_get_transport_info(jack_client_t *client, jack_transport_info_t *tinfo) {
    if (!tinfo) {
        return;
    }
    jack_position_t pos;
    memset(tinfo, 0, sizeof *tinfo);
    tinfo->transport_state = jack_transport_query(client, &pos);
    tinfo->frame_rate = pos.frame_rate;
    tinfo->usecs = pos.usecs;
    tinfo->frame = pos.frame;
    tinfo->valid = (jack_transport_bits_t) (JackTransportState | JackTransportPosition);
}

void jack_set_transport_info(jack_client_t *client, jack_transport_info_t *tinfo) {
    (void) client;
    (void) tinfo; /* deprecated in JACK and ignored there too */
}
