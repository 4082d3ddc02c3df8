/*
 * jack_test3 as a native JACK client: N inputs, N outputs, every output the mean of all inputs, each sample
 * then through `--work` cascaded one-pole low-pass stages (y += 0.1 (x - y)), as io.tactus.clients.Jt3Client.
 * Built against the JACK API only, so the same binary runs on JACK2 and, through Tactus's libjack, on Tactus.
 *
 *   tactus_jt3 [--name NAME] [--ports N] [--work W] [--server NAME] [--measure 0|1]
 *
 * Prints "jt3 NAME active" once it runs; ends on SIGINT or SIGTERM (exit 0) or when the server goes (exit 1).
 * It keeps its own account of a window, the same on any server, so that `tactus compare jackd` reads both from
 * one binary: SIGUSR1 starts a window, SIGUSR2 prints "jt3 NAME summary: key=value..." for it (cycles, the
 * server's xrun callbacks, the largest interval between two cycle starts, the longest process callback; with
 * `--measure 1` also jack_cpu_load sampled every 100 ms and jack_get_max_delayed_usecs, which are server round
 * trips on Tactus, so one client of a run measures them).
 */
#include <jack/jack.h>
#include <jack/statistics.h>

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_PORTS 64
#define ANTI_DENORMAL 1e-18f /* keeps the filter state out of the denormal range */

static jack_port_t *inputs[MAX_PORTS];
static jack_port_t *outputs[MAX_PORTS];
static float *state[MAX_PORTS];
static int ports = 1;
static int work = 0;
static volatile sig_atomic_t stop = 0;
static volatile sig_atomic_t server_gone = 0;
static volatile sig_atomic_t window_start = 0;
static volatile sig_atomic_t window_end = 0;

/* The window's account: written by the process thread (cycles) or the notifier (xruns), read by main. */
static atomic_uint_fast64_t cycles;
static atomic_uint_fast64_t xruns;
static atomic_uint_fast64_t interval_max_ns;
static atomic_uint_fast64_t process_max_ns;
static atomic_int reset_requested;
static uint64_t last_start_ns;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec;
}

/* Realtime: relaxed stores of the process thread's own figures (it is their one writer). */
static void account_cycle(uint64_t start, uint64_t end) {
    if (atomic_exchange_explicit(&reset_requested, 0, memory_order_acquire)) {
        atomic_store_explicit(&cycles, 0, memory_order_relaxed);
        atomic_store_explicit(&interval_max_ns, 0, memory_order_relaxed);
        atomic_store_explicit(&process_max_ns, 0, memory_order_relaxed);
    } else if (last_start_ns != 0 && start - last_start_ns > atomic_load_explicit(&interval_max_ns, memory_order_relaxed)) {
        atomic_store_explicit(&interval_max_ns, start - last_start_ns, memory_order_relaxed);
    }
    last_start_ns = start;
    if (end - start > atomic_load_explicit(&process_max_ns, memory_order_relaxed)) {
        atomic_store_explicit(&process_max_ns, end - start, memory_order_relaxed);
    }
    atomic_fetch_add_explicit(&cycles, 1, memory_order_relaxed);
}

/* Realtime: no allocation, no lock, no system call. */
static int process(jack_nframes_t nframes, void *arg) {
    (void) arg;
    uint64_t start = now_ns();
    float *in[MAX_PORTS];
    float scale = 1.0f / (float) ports;
    for (int p = 0; p < ports; p++) {
        in[p] = jack_port_get_buffer(inputs[p], nframes);
    }
    for (int o = 0; o < ports; o++) {
        float *out = jack_port_get_buffer(outputs[o], nframes);
        float *y = state[o];
        for (jack_nframes_t i = 0; i < nframes; i++) {
            float x = 0.0f;
            for (int p = 0; p < ports; p++) {
                x += in[p][i] * scale;
            }
            for (int s = 0; s < work; s++) {
                y[s] += 0.1f * (x - y[s]) + ANTI_DENORMAL;
                x = y[s];
            }
            out[i] = x;
        }
    }
    account_cycle(start, now_ns());
    return 0;
}

static int on_xrun(void *arg) {
    (void) arg;
    atomic_fetch_add_explicit(&xruns, 1, memory_order_relaxed);
    return 0;
}

static void on_shutdown(void *arg) {
    (void) arg;
    server_gone = 1;
}

static void on_signal(int sig) {
    if (sig == SIGUSR1) {
        window_start = 1;
    } else if (sig == SIGUSR2) {
        window_end = 1;
    } else {
        stop = 1;
    }
}

/* The load samples of a window (main thread only). */
struct load_samples {
    double sum;
    double max;
    long count;
};

static void print_summary(jack_client_t *client, int measure, uint64_t window_ns, const struct load_samples *load) {
    printf("jt3 %s summary: seconds=%.3f cycles=%lu xruns=%lu interval_max_usecs=%.1f process_max_usecs=%.1f",
           jack_get_client_name(client), window_ns / 1e9, (unsigned long) atomic_load(&cycles),
           (unsigned long) atomic_load(&xruns), atomic_load(&interval_max_ns) / 1e3, atomic_load(&process_max_ns) / 1e3);
    if (measure) {
        printf(" dsp_load_avg=%.2f dsp_load_max=%.2f load_samples=%ld max_delayed_usecs=%.1f",
               load->count ? load->sum / load->count : 0.0, load->max, load->count, jack_get_max_delayed_usecs(client));
    }
    printf("\n");
    fflush(stdout);
}

static int usage(const char *why) {
    fprintf(stderr, "tactus_jt3: %s; usage: tactus_jt3 [--name NAME] [--ports 1..%d] [--work W>=0] [--server NAME] [--measure 0|1]\n",
            why, MAX_PORTS);
    return 2;
}

int main(int argc, char **argv) {
    const char *name = "jt3";
    const char *server = NULL;
    int measure = 0;
    for (int a = 1; a < argc; a++) {
        if (a + 1 >= argc) {
            return usage("every option takes a value");
        }
        if (strcmp(argv[a], "--name") == 0) {
            name = argv[++a];
        } else if (strcmp(argv[a], "--ports") == 0) {
            ports = atoi(argv[++a]);
        } else if (strcmp(argv[a], "--work") == 0) {
            work = atoi(argv[++a]);
        } else if (strcmp(argv[a], "--server") == 0) {
            server = argv[++a];
        } else if (strcmp(argv[a], "--measure") == 0) {
            measure = atoi(argv[++a]);
        } else {
            return usage("unknown option");
        }
    }
    if (ports < 1 || ports > MAX_PORTS || work < 0) {
        return usage("--ports or --work is out of range");
    }
    jack_status_t status;
    jack_client_t *client = server ? jack_client_open(name, JackServerName | JackNoStartServer, &status, server)
                                   : jack_client_open(name, JackNoStartServer, &status);
    if (!client) {
        fprintf(stderr, "tactus_jt3: cannot open client '%s' (status 0x%x)\n", name, (unsigned) status);
        return 1;
    }
    for (int p = 0; p < ports; p++) {
        char port[32];
        snprintf(port, sizeof port, "in_%d", p + 1);
        inputs[p] = jack_port_register(client, port, JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
        snprintf(port, sizeof port, "out_%d", p + 1);
        outputs[p] = jack_port_register(client, port, JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
        state[p] = calloc((size_t) (work > 0 ? work : 1), sizeof(float));
        if (!inputs[p] || !outputs[p] || !state[p]) {
            fprintf(stderr, "tactus_jt3: cannot register port pair %d\n", p + 1);
            jack_client_close(client);
            return 1;
        }
    }
    jack_set_process_callback(client, process, NULL);
    jack_set_xrun_callback(client, on_xrun, NULL);
    jack_on_shutdown(client, on_shutdown, NULL);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGUSR1, on_signal);
    signal(SIGUSR2, on_signal);
    if (jack_activate(client) != 0) {
        fprintf(stderr, "tactus_jt3: cannot activate client '%s'\n", name);
        jack_client_close(client);
        return 1;
    }
    printf("jt3 %s active: %d ports, work %d, %u frames at %u Hz\n", jack_get_client_name(client), ports, work,
           jack_get_buffer_size(client), jack_get_sample_rate(client));
    fflush(stdout);
    struct load_samples load = {0, 0, 0};
    uint64_t window_started = now_ns();
    for (long tick = 0; !stop && !server_gone; tick++) {
        usleep(20000);
        if (window_start) {
            window_start = 0;
            atomic_store(&xruns, 0);
            atomic_store(&reset_requested, 1);
            load = (struct load_samples) {0, 0, 0};
            if (measure) {
                jack_reset_max_delayed_usecs(client);
            }
            window_started = now_ns();
        }
        if (measure && tick % 5 == 0) {
            double l = jack_cpu_load(client);
            load.sum += l;
            load.count++;
            load.max = l > load.max ? l : load.max;
        }
        if (window_end) {
            window_end = 0;
            print_summary(client, measure, now_ns() - window_started, &load);
        }
    }
    if (window_end) { /* asked for the account and to stop in the same poll: the account first */
        print_summary(client, measure, now_ns() - window_started, &load);
    }
    if (server_gone) {
        fprintf(stderr, "tactus_jt3: the server went away\n");
        return 1;
    }
    jack_client_close(client);
    return 0;
}
