/*
 * The project's internal client for the tests (InternalClientSystemTest), so that they run without jackd2: as
 * JACK's inprocess example, an "input" copied to an "output" in each cycle. jack_initialize fails (returns 1) when
 * its init string is "fail"; jack_finish frees what jack_initialize allocated, as jackd calls it with the client's
 * process argument.
 */
#include <jack/jack.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jack_port_t *input;
    jack_port_t *output;
} ports;

static int process(jack_nframes_t nframes, void *arg) {
    ports *p = arg;
    memcpy(jack_port_get_buffer(p->output, nframes), jack_port_get_buffer(p->input, nframes),
           sizeof(jack_default_audio_sample_t) * nframes);
    return 0;
}

int jack_initialize(jack_client_t *client, const char *init) {
    if (init && strcmp(init, "fail") == 0) {
        fprintf(stderr, "tactus_test_intclient: told to fail by its init string\n");
        return 1;
    }
    ports *p = malloc(sizeof *p);
    if (!p) {
        return 1;
    }
    p->input = jack_port_register(client, "input", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    p->output = jack_port_register(client, "output", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    if (!p->input || !p->output || jack_set_process_callback(client, process, p) != 0 || jack_activate(client) != 0) {
        free(p);
        return 1;
    }
    return 0;
}

void jack_finish(void *arg) {
    free(arg);
}
