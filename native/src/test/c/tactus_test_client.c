/*
 * The project's own JACK test client, for the libjack system tests. Ports: audio `in` and `out`, MIDI
 * `midi_in` and `midi_out`. Each cycle `out` carries the ramp k mod 4096 / 4096 (k the sample's index since
 * the first cycle: exact in float, so a recorder can check every sample), `midi_out` a note-on at frame 0
 * (0x90, cycle mod 128, 100), and `midi_in`'s events are counted. Lines on stdout, one per fact:
 *
 *   ready NAME                       activated (and connected, with --connect-to)
 *   mallocs N in C cycles            with --count-mallocs (under LD_PRELOAD=libtactus_malloc_count.so): the
 *                                    process thread's allocations from cycle 200 to cycle 200 + C
 *   transport sync S timebase T      with --transport, after the mallocs line: the sync and timebase callbacks'
 *                                    calls in the measured window (the client is slow-sync and timebase master;
 *                                    its main thread locates every 50 ms, so each cycle of STARTING is asked)
 *   midi-in M bad B                  once M >= 500 well-formed note-ons arrived at midi_in (B others)
 *   shutdown REASON                  the server shut the client down or went away (exit 3)
 *   cycles C midi-in M bad B         at SIGTERM or SIGINT, before it closes (exit 0)
 *   uuids own U N other U N unknown N  with --uuid-of NAME, after ready: its own uuid and the name found for it,
 *                                    NAME's uuid and the name found for that, the name for an id no client has
 *   spinning                         with --spin-after C: cycle C's process callback never returns (a client
 *                                    gone wrong; the server must time it out, evict it and demote its thread);
 *                                    it then stays, its thread spinning, after the shutdown line, until killed
 */
#include <jack/jack.h>
#include <jack/midiport.h>
#include <jack/session.h>
#include <jack/transport.h>

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WARM_UP_CYCLES 200
#define MEASURED_CYCLES 1000

static jack_port_t *in_port;
static jack_port_t *out_port;
static jack_port_t *midi_in;
static jack_port_t *midi_out;
static long (*malloc_count)(void);
static volatile long cycles;
static volatile long midi_received;
static volatile long midi_bad;
static volatile long mallocs_at_warm_up = -1;
static volatile long mallocs_measured = -1;
static unsigned long sample_index;
static volatile long sync_calls;
static volatile long timebase_calls;
static volatile sig_atomic_t stop;
static volatile int shut_down;
static char shutdown_reason[512];
static long spin_after = -1;
static volatile int spinning;

/* Realtime: no allocation, no lock, no system call (the malloc count is a thread-local read). */
static int process(jack_nframes_t nframes, void *arg) {
    (void) arg;
    if (spin_after >= 0 && cycles >= spin_after) {
        spinning = 1;
        for (;;) {
            __asm__ __volatile__("" ::: "memory"); /* busy forever, as a callback gone wrong */
        }
    }
    float *out = jack_port_get_buffer(out_port, nframes);
    for (jack_nframes_t i = 0; i < nframes; i++) {
        out[i] = (float) (sample_index++ % 4096) / 4096.0f;
    }
    void *events = jack_port_get_buffer(midi_in, nframes);
    uint32_t count = jack_midi_get_event_count(events);
    for (uint32_t e = 0; e < count; e++) {
        jack_midi_event_t event;
        if (jack_midi_event_get(&event, events, e) == 0 && event.size == 3 && event.buffer[0] == 0x90) {
            midi_received++;
        } else {
            midi_bad++;
        }
    }
    unsigned char note[3] = { 0x90, (unsigned char) (cycles & 0x7f), 100 };
    jack_midi_event_write(jack_port_get_buffer(midi_out, nframes), 0, note, 3);
    cycles++;
    if (malloc_count && cycles == WARM_UP_CYCLES) {
        mallocs_at_warm_up = malloc_count();
    } else if (malloc_count && cycles == WARM_UP_CYCLES + MEASURED_CYCLES) {
        mallocs_measured = malloc_count() - mallocs_at_warm_up;
    }
    return 0;
}

static int measuring(void) {
    return cycles >= WARM_UP_CYCLES && cycles < WARM_UP_CYCLES + MEASURED_CYCLES;
}

/* Realtime: ready at once. */
static int on_sync(jack_transport_state_t state, jack_position_t *pos, void *arg) {
    (void) state; (void) pos; (void) arg;
    sync_calls += measuring();
    return 1;
}

/* Realtime: 4/4 at 120 bpm from the frame. */
static void on_timebase(jack_transport_state_t state, jack_nframes_t nframes, jack_position_t *pos, int new_pos,
                        void *arg) {
    (void) state; (void) nframes; (void) new_pos; (void) arg;
    double beats = (double) pos->frame / pos->frame_rate * 2.0;
    pos->valid = JackPositionBBT;
    pos->beats_per_bar = 4;
    pos->beat_type = 4;
    pos->ticks_per_beat = 1920;
    pos->beats_per_minute = 120;
    pos->bar = (int32_t) (beats / 4) + 1;
    pos->beat = (int32_t) beats % 4 + 1;
    pos->tick = (int32_t) ((beats - (long) beats) * 1920);
    pos->bar_start_tick = (pos->bar - 1) * 4 * 1920.0;
    timebase_calls += measuring();
}

static void on_info_shutdown(jack_status_t code, const char *reason, void *arg) {
    (void) code;
    (void) arg;
    snprintf(shutdown_reason, sizeof shutdown_reason, "%s", reason);
    __atomic_store_n(&shut_down, 1, __ATOMIC_RELEASE);
}

/* jack_client_get_uuid, jack_get_uuid_for_client_name and jack_get_client_name_by_uuid, both ways. */
static void print_uuids(jack_client_t *client, const char *other_name) {
    char *own = jack_client_get_uuid(client);
    char *own_name = own ? jack_get_client_name_by_uuid(client, own) : NULL;
    char *other = jack_get_uuid_for_client_name(client, other_name);
    char *other_back = other ? jack_get_client_name_by_uuid(client, other) : NULL;
    char *unknown = jack_get_client_name_by_uuid(client, "9223372036854775807");
    printf("uuids own %s %s other %s %s unknown %s\n", own ? own : "(null)", own_name ? own_name : "(null)",
           other ? other : "(null)", other_back ? other_back : "(null)", unknown ? unknown : "(null)");
    jack_free(own);
    jack_free(own_name);
    jack_free(other);
    jack_free(other_back);
    jack_free(unknown);
}

static void on_signal(int sig) {
    (void) sig;
    stop = 1;
}

int main(int argc, char **argv) {
    const char *name = "tactus-test";
    const char *connect_to = NULL;
    int count_mallocs = 0;
    int transport = 0;
    const char *uuid_of = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--name") == 0 && a + 1 < argc) {
            name = argv[++a];
        } else if (strcmp(argv[a], "--connect-to") == 0 && a + 1 < argc) {
            connect_to = argv[++a];
        } else if (strcmp(argv[a], "--count-mallocs") == 0) {
            count_mallocs = 1;
        } else if (strcmp(argv[a], "--transport") == 0) {
            transport = 1;
        } else if (strcmp(argv[a], "--uuid-of") == 0 && a + 1 < argc) {
            uuid_of = argv[++a];
        } else if (strcmp(argv[a], "--spin-after") == 0 && a + 1 < argc) {
            spin_after = atol(argv[++a]);
        } else {
            fprintf(stderr, "usage: tactus_test_client [--name NAME] [--connect-to PORT] [--count-mallocs] [--transport]"
                            " [--uuid-of NAME] [--spin-after CYCLES]\n");
            return 2;
        }
    }
    if (count_mallocs) {
        malloc_count = (long (*)(void)) dlsym(RTLD_DEFAULT, "tactus_malloc_count");
        if (!malloc_count) {
            fprintf(stderr, "tactus_test_client: --count-mallocs needs LD_PRELOAD=libtactus_malloc_count.so\n");
            return 2;
        }
    }
    jack_status_t status;
    jack_client_t *client = jack_client_open(name, JackNoStartServer | JackUseExactName, &status);
    if (!client) {
        printf("open failed 0x%x\n", (unsigned) status);
        return 1;
    }
    in_port = jack_port_register(client, "in", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    out_port = jack_port_register(client, "out", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    midi_in = jack_port_register(client, "midi_in", JACK_DEFAULT_MIDI_TYPE, JackPortIsInput, 0);
    midi_out = jack_port_register(client, "midi_out", JACK_DEFAULT_MIDI_TYPE, JackPortIsOutput, 0);
    if (!in_port || !out_port || !midi_in || !midi_out) {
        printf("register failed\n");
        return 1;
    }
    jack_set_process_callback(client, process, NULL);
    jack_on_info_shutdown(client, on_info_shutdown, NULL);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (jack_activate(client) != 0) {
        printf("activate failed\n");
        return 1;
    }
    if (connect_to && jack_connect(client, jack_port_name(out_port), connect_to) != 0) {
        printf("connect failed\n");
        return 1;
    }
    if (transport) {
        if (jack_set_sync_callback(client, on_sync, NULL) != 0 || jack_set_timebase_callback(client, 0, on_timebase, NULL) != 0) {
            printf("transport callbacks refused\n");
            return 1;
        }
        jack_transport_start(client);
    }
    printf("ready %s\n", jack_get_client_name(client));
    if (uuid_of) {
        print_uuids(client, uuid_of);
    }
    fflush(stdout);
    int reported = 0;
    int midi_reported = 0;
    long tick = 0;
    int spin_reported = 0;
    while (!stop) {
        if (spinning && !spin_reported) {
            printf("spinning\n");
            fflush(stdout);
            spin_reported = 1;
        }
        if (__atomic_load_n(&shut_down, __ATOMIC_ACQUIRE) && !(spin_after >= 0 && shut_down == 2)) {
            printf("shutdown %s\n", shutdown_reason);
            fflush(stdout);
            if (spin_after < 0) {
                return 3;
            }
            shut_down = 2; /* gone wrong, it ignores its eviction: its thread spins on until killed */
        }
        if (!reported && mallocs_measured >= 0) {
            printf("mallocs %ld in %d cycles\n", mallocs_measured, MEASURED_CYCLES);
            if (transport) {
                printf("transport sync %ld timebase %ld\n", sync_calls, timebase_calls);
            }
            fflush(stdout);
            reported = 1;
        }
        if (transport && !reported && cycles >= WARM_UP_CYCLES && tick++ % 5 == 0) {
            jack_transport_locate(client, 0); /* STARTING again: the sync callback is asked in the window */
        }
        if (!midi_reported && midi_received >= 500) {
            printf("midi-in %ld bad %ld\n", midi_received, midi_bad);
            fflush(stdout);
            midi_reported = 1;
        }
        usleep(10000);
    }
    printf("cycles %ld midi-in %ld bad %ld\n", cycles, midi_received, midi_bad);
    fflush(stdout);
    jack_client_close(client);
    return 0;
}
