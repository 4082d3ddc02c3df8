/*
 * jack_test3 as a native JACK client: N inputs, N outputs, every output the mean of all inputs, each sample
 * then through `--work` cascaded one-pole low-pass stages (y += 0.1 (x - y)), as io.tactus.clients.Jt3Client.
 * Built against the JACK API only, so the same binary runs on JACK2 and, through Tactus's libjack, on Tactus.
 *
 *   tactus_jt3 [--name NAME] [--ports N] [--work W] [--server NAME]
 *
 * Prints "jt3 NAME active" once it runs; ends on SIGINT or SIGTERM (exit 0) or when the server goes (exit 1).
 */
#include <jack/jack.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Realtime: no allocation, no lock, no system call. */
static int process(jack_nframes_t nframes, void *arg) {
    (void) arg;
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
    return 0;
}

static void on_shutdown(void *arg) {
    (void) arg;
    server_gone = 1;
}

static void on_signal(int sig) {
    (void) sig;
    stop = 1;
}

static int usage(const char *why) {
    fprintf(stderr, "tactus_jt3: %s; usage: tactus_jt3 [--name NAME] [--ports 1..%d] [--work W>=0] [--server NAME]\n",
            why, MAX_PORTS);
    return 2;
}

int main(int argc, char **argv) {
    const char *name = "jt3";
    const char *server = NULL;
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
    jack_on_shutdown(client, on_shutdown, NULL);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (jack_activate(client) != 0) {
        fprintf(stderr, "tactus_jt3: cannot activate client '%s'\n", name);
        jack_client_close(client);
        return 1;
    }
    printf("jt3 %s active: %d ports, work %d, %u frames at %u Hz\n", jack_get_client_name(client), ports, work,
           jack_get_buffer_size(client), jack_get_sample_rate(client));
    fflush(stdout);
    while (!stop && !server_gone) {
        usleep(20000);
    }
    if (server_gone) {
        fprintf(stderr, "tactus_jt3: the server went away\n");
        return 1;
    }
    jack_client_close(client);
    return 0;
}
