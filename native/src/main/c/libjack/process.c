/*
 * The process thread: joins the server's shared graph as io.tactus.ipc.client.ProcessThread does
 * (docs/ipc-contract.md, "The cycle"). It sleeps on its record's signal word; once triggered it CASes its
 * state TRIGGERED -> RUNNING, mixes its inputs from their sources' slots (valid ones only), runs the
 * program's process callback on its own slots, CASes RUNNING -> FINISHED, publishes its outputs valid and
 * counts down its successors, triggering those that reach zero. It is created before Hello (the server is
 * told its tid) and goes SCHED_FIFO only at the first jack_activate, so a client that never activates
 * (jack_lsp) never asks for realtime.
 *
 * Realtime rules, from the first trigger on: the loop allocates nothing, takes no lock, logs nothing, and
 * makes no system call but the futex wait and wake (clock_gettime is the vDSO).
 */
#include "internal.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define POLL_NANOS 100000000L
#define LOW 0xFFFFFFFFULL

enum { NOT_TRIGGERED = 0, TRIGGERED = 1, RUNNING = 2, FINISHED = 3 };

static inline int64_t word(int64_t cycle, int low) {
    return (int64_t) (((uint64_t) cycle << 32) | (uint32_t) low);
}

static inline int64_t *w64(jack_client_t *c, size_t offset) { return (int64_t *) (c->segment + offset); }
static inline int32_t *w32(jack_client_t *c, size_t offset) { return (int32_t *) (c->segment + offset); }
static inline int32_t ld32(jack_client_t *c, size_t offset) { return __atomic_load_n(w32(c, offset), __ATOMIC_ACQUIRE); }
static inline int64_t ld64(jack_client_t *c, size_t offset) { return __atomic_load_n(w64(c, offset), __ATOMIC_ACQUIRE); }
static inline void st64(jack_client_t *c, size_t offset, int64_t v) { __atomic_store_n(w64(c, offset), v, __ATOMIC_RELEASE); }
static inline int cas64(jack_client_t *c, size_t offset, int64_t expected, int64_t desired) {
    return __atomic_compare_exchange_n(w64(c, offset), &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/* Realtime: a feeder's decrement for `cycle`; true for the one that took the count to zero. */
static int decrement(jack_client_t *c, int record, int64_t cycle) {
    size_t at = tj_record_offset(record);
    for (;;) {
        int64_t seen = ld64(c, at);
        if ((int32_t) ((uint64_t) seen >> 32) != (int32_t) cycle || ((uint64_t) seen & LOW) == 0) {
            return 0;
        }
        if (cas64(c, at, seen, seen - 1)) {
            return ((uint64_t) seen & LOW) == 1;
        }
    }
}

/* Realtime: NOT_TRIGGERED -> TRIGGERED; the winner stamps, bumps the signal word and wakes one waiter. */
static void trigger(jack_client_t *c, int record, int64_t cycle) {
    size_t at = tj_record_offset(record);
    if (!cas64(c, at + 64, word(cycle, NOT_TRIGGERED), word(cycle, TRIGGERED))) {
        return;
    }
    st64(c, at + 16, tj_now_nanos());
    __atomic_fetch_add(w32(c, at + 8), 1, __ATOMIC_SEQ_CST);
    tj_futex_wake(w32(c, at + 8), 1);
}

static int port_in_use(jack_port_t *p) {
    return __atomic_load_n(&p->in_use, __ATOMIC_ACQUIRE);
}

/*
 * Realtime: whether the plan's source entry *source (for input p) holds what p mixes in the cycle, and then its port
 * in *source. A negative entry is a feedback connection's source, the port's index complemented: its reader runs
 * before its writer, so it mixes the port as the cycle before left it.
 */
static int live_source(jack_client_t *c, jack_port_t *p, int *source, int64_t cycle) {
    int entry = *source;
    int port = entry < 0 ? ~entry : entry;
    int64_t wanted = entry < 0 ? cycle - 1 : cycle;
    if (port >= c->nports || port == p->slot || ld64(c, tj_port_offset(c, port)) != wanted) {
        return 0;
    }
    *source = port;
    return 1;
}

/* Realtime: the sum of the input's sources valid for the cycle, or silence. */
static void mix_audio(jack_client_t *c, jack_port_t *p, int bank, int64_t cycle) {
    size_t port_at = tj_port_offset(c, p->slot);
    int count = ld32(c, port_at + 64 + (size_t) bank * 64);
    if (count > TJ_MAX_SOURCES) {
        count = TJ_MAX_SOURCES;
    }
    float *into = tj_port_data(c, p->slot);
    int first = 1;
    for (int i = 0; i < count; i++) {
        int source = ld32(c, port_at + 64 + (size_t) bank * 64 + 4 + (size_t) i * 4);
        if (!live_source(c, p, &source, cycle)) {
            continue;
        }
        const float *from = tj_port_data(c, source);
        if (first) {
            memcpy(into, from, (size_t) c->nframes * sizeof(float));
        } else {
            for (int f = 0; f < c->nframes; f++) {
                into[f] += from[f];
            }
        }
        first = 0;
    }
    if (first) {
        memset(into, 0, (size_t) c->nframes * sizeof(float));
    }
}

/* Realtime: the events of the input's sources valid for the cycle, merged in frame order from private copies. */
static void merge_midi(jack_client_t *c, jack_port_t *p, int bank, int64_t cycle) {
    size_t port_at = tj_port_offset(c, p->slot);
    int count = ld32(c, port_at + 64 + (size_t) bank * 64);
    if (count > TJ_MAX_SOURCES) {
        count = TJ_MAX_SOURCES;
    }
    unsigned char *sources[TJ_MAX_SOURCES];
    int live = 0;
    for (int i = 0; i < count; i++) {
        int source = ld32(c, port_at + 64 + (size_t) bank * 64 + 4 + (size_t) i * 4);
        if (live_source(c, p, &source, cycle)) {
            sources[live++] = tj_port_data(c, source);
        }
    }
    tj_midi_merge(tj_port_data(c, p->slot), sources, live, p->snapshots);
}

static void silence_outputs(jack_client_t *c) {
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        jack_port_t *p = &c->ports[i];
        if (port_in_use(p) && !p->is_input) {
            if (p->is_midi) {
                jack_midi_clear_buffer(tj_port_data(c, p->slot));
            } else {
                memset(tj_port_data(c, p->slot), 0, (size_t) c->nframes * sizeof(float));
            }
        }
    }
}

/* Realtime: inputs mixed, MIDI outputs emptied, the callback run (or silence). */
static void work(jack_client_t *c, int64_t cycle) {
    int bank = ld32(c, TJ_OFF_PLAN_BANK) & 1;
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        jack_port_t *p = &c->ports[i];
        if (!port_in_use(p)) {
            continue;
        }
        if (p->is_input && p->is_midi) {
            merge_midi(c, p, bank, cycle);
        } else if (p->is_input) {
            mix_audio(c, p, bank, cycle);
        }
    }
    for (int i = 0; i < TJ_MAX_PORTS; i++) { /* after every input: a loop-back input reads last period's events */
        jack_port_t *p = &c->ports[i];
        if (port_in_use(p) && !p->is_input && p->is_midi) {
            jack_midi_clear_buffer(tj_port_data(c, p->slot));
        }
    }
    JackProcessCallback process = c->process_callback;
    if (process && !__atomic_load_n(&c->failed, __ATOMIC_ACQUIRE)) {
        if (process((jack_nframes_t) c->nframes, c->process_arg) != 0) {
            __atomic_store_n(&c->failed, 1, __ATOMIC_RELEASE); /* JACK stops calling a callback that failed */
            silence_outputs(c);
        }
    } else {
        silence_outputs(c);
    }
}

/* Realtime: stamp, RUNNING -> FINISHED; if won, outputs valid, then the successors counted down. */
static void finish(jack_client_t *c, int64_t cycle) {
    size_t own = tj_record_offset(c->record);
    st64(c, own + 80, tj_now_nanos());
    if (!cas64(c, own + 64, word(cycle, RUNNING), word(cycle, FINISHED))) {
        return; /* the server timed us out: publish nothing, signal nobody */
    }
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        jack_port_t *p = &c->ports[i];
        if (port_in_use(p) && !p->is_input) {
            st64(c, tj_port_offset(c, p->slot), cycle);
        }
    }
    int bank = ld32(c, TJ_OFF_PLAN_BANK) & 1;
    size_t plan = own + 128 + (size_t) bank * 128;
    int count = ld32(c, plan + 4);
    if (count > TJ_MAX_SUCCESSORS) {
        count = TJ_MAX_SUCCESSORS;
    }
    for (int i = 0; i < count; i++) {
        int successor = ld32(c, plan + 8 + (size_t) i * 4);
        if (successor >= 0 && successor < c->records && successor != c->record && decrement(c, successor, cycle)) {
            trigger(c, successor, cycle);
        }
    }
}

/*
 * This cycle's period size (header +48; the server switches it at a cycle boundary, within what a slot holds) and
 * freewheel state (+52). A change is told to the MIDI writer, then to the freewheel and buffer-size callbacks,
 * before the process callback runs under it (JACK calls them between cycles): realtime unless a switch came, when
 * the program's callbacks run here and may allocate, as JACK allows them to.
 */
static void period(jack_client_t *c) {
    int32_t frames = ld32(c, TJ_OFF_PERIOD_FRAMES);
    int freewheel = ld32(c, TJ_OFF_FREEWHEEL) != 0;
    int resized = frames > 0 && frames <= c->slot_frames && frames != c->nframes;
    int wheeled = freewheel != c->freewheel;
    if (resized) {
        __atomic_store_n(&c->nframes, frames, __ATOMIC_RELAXED);
        tj_midi_set_nframes(frames);
    }
    c->freewheel = freewheel;
    if (wheeled && c->on_freewheel) {
        c->on_freewheel(freewheel, c->on_freewheel_arg);
    }
    if (resized && c->on_buffer_size) {
        c->on_buffer_size((jack_nframes_t) frames, c->on_buffer_size_arg);
    }
}

/* Realtime: the signal word is read before the state is tried, so a trigger between them ends the wait at once. */
static void loop(jack_client_t *c) {
    size_t own = tj_record_offset(c->record);
    int32_t *signal = w32(c, own + 8);
    while (__atomic_load_n(&c->running, __ATOMIC_ACQUIRE)) {
        int32_t seen = __atomic_load_n(signal, __ATOMIC_ACQUIRE);
        int64_t state = ld64(c, own + 64);
        if ((int32_t) state != TRIGGERED || !cas64(c, own + 64, state, (int64_t) (((uint64_t) state & ~LOW) | RUNNING))) {
            st64(c, own + 80, tj_now_nanos()); /* idle: tells the server this client is not stuck */
            tj_futex_wait(signal, seen, POLL_NANOS);
            continue;
        }
        st64(c, own + 72, tj_now_nanos());
        int32_t low = (int32_t) ((uint64_t) state >> 32);
        int64_t header = ld64(c, TJ_OFF_CYCLE);
        int64_t cycle = header - (int32_t) ((int32_t) header - low);
        period(c);
        c->reading_cycle = cycle;
        tj_sync_duty(c, cycle);
        work(c, cycle);
        tj_timebase_duty(c, c->nframes);
        c->reading_cycle = -1;
        __atomic_fetch_add(&c->cycles, 1, __ATOMIC_RELEASE);
        finish(c, cycle);
    }
}

static void go_realtime(jack_client_t *c) {
    if (c->process_priority <= 0) {
        return;
    }
    struct sched_param param = { .sched_priority = c->process_priority > 99 ? 99 : c->process_priority };
    int error = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    if (error == 0) {
        c->realtime = 1;
    } else {
        tj_info("Tactus libjack: client '%s' cannot run its process thread SCHED_FIFO at priority %d (%s); it runs"
                " at normal priority (allow realtime scheduling with limits.conf rtprio or CAP_SYS_NICE)",
                c->name, param.sched_priority, strerror(error));
    }
}

static void *process_main(void *arg) {
    jack_client_t *c = arg;
    pthread_mutex_lock(&c->gate);
    c->tid = (int) syscall(SYS_gettid);
    pthread_cond_broadcast(&c->gate_cond);
    while (!c->begun && __atomic_load_n(&c->running, __ATOMIC_ACQUIRE)) {
        pthread_cond_wait(&c->gate_cond, &c->gate);
    }
    pthread_mutex_unlock(&c->gate);
    if (__atomic_load_n(&c->running, __ATOMIC_ACQUIRE)) {
        go_realtime(c);
        if (c->thread_init) {
            c->thread_init(c->thread_init_arg);
        }
    }
    pthread_mutex_lock(&c->gate);
    c->looping = 1;
    pthread_cond_broadcast(&c->gate_cond);
    pthread_mutex_unlock(&c->gate);
    if (__atomic_load_n(&c->running, __ATOMIC_ACQUIRE)) {
        loop(c);
    }
    return NULL;
}

int tj_process_begun(jack_client_t *c) {
    pthread_mutex_lock(&c->gate);
    int begun = c->begun;
    pthread_mutex_unlock(&c->gate);
    return begun;
}

/* Starts the thread and waits for its tid (for Hello). */
int tj_process_start(jack_client_t *c) {
    __atomic_store_n(&c->running, 1, __ATOMIC_RELEASE);
    if (tj_thread_create(&c->process, process_main, c) != 0) {
        return -1;
    }
    c->process_started = 1;
    pthread_mutex_lock(&c->gate);
    while (c->tid == 0) {
        pthread_cond_wait(&c->gate_cond, &c->gate);
    }
    pthread_mutex_unlock(&c->gate);
    return 0;
}

/* Lets the thread into its loop (realtime first) and returns once it is there; later calls return at once. */
int tj_process_begin(jack_client_t *c) {
    pthread_mutex_lock(&c->gate);
    c->begun = 1;
    pthread_cond_broadcast(&c->gate_cond);
    while (!c->looping) {
        pthread_cond_wait(&c->gate_cond, &c->gate);
    }
    pthread_mutex_unlock(&c->gate);
    return __atomic_load_n(&c->running, __ATOMIC_ACQUIRE) ? 0 : -1;
}

/* Ends the loop within one wake-up; safe from any thread, any number of times. */
void tj_process_stop(jack_client_t *c) {
    __atomic_store_n(&c->running, 0, __ATOMIC_RELEASE);
    pthread_mutex_lock(&c->gate);
    pthread_cond_broadcast(&c->gate_cond);
    pthread_mutex_unlock(&c->gate);
    if (c->segment) {
        tj_futex_wake(w32(c, tj_record_offset(c->record) + 8), 1);
    }
}

void tj_process_join(jack_client_t *c) {
    if (c->process_started && !pthread_equal(pthread_self(), c->process)) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 2;
        if (pthread_timedjoin_np(c->process, NULL, &deadline) == 0) {
            c->process_started = 0;
        }
    }
}
