/*
 * The host of one internal client (JACK's jack_internal_client_load): the Tactus server, a JVM, cannot run a C
 * plug-in in its own address space, so it starts this process, which does what jackd does in its own: dlopen the
 * shared object, open a client of the server under the asked name (through Tactus's libjack), call the object's
 * jack_initialize(client, init) and keep it until it is unloaded, then close the client and call jack_finish.
 *
 *   tactus_intclient SERVER CLIENT_NAME LOAD_NAME INIT exact|unique
 *
 * LOAD_NAME is a path when it holds a '/', else LOAD_NAME.so in $JACK_INTERNAL_DIR, else $JACK_DRIVER_DIR, else
 * JACK's directory of internal clients, as jackd searches. One line on stdout reports the outcome to the server:
 * "loaded STATUS NAME" or "failed STATUS SENTENCE" (STATUS: JACK's jack_status_t bits, in decimal). The host ends
 * on SIGTERM (the server unloads it), when stdin closes (the server is gone), or when its client is shut down
 * (evicted, server stopped); each way it closes the client and calls jack_finish, as jackd does on unload.
 */
#include <jack/jack.h>

#include "internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#ifndef TJ_INTERNAL_DIR
#define TJ_INTERNAL_DIR "/usr/lib/x86_64-linux-gnu/jack"
#endif

typedef int (*initialize_fn)(jack_client_t *client, const char *init);
typedef void (*finish_fn)(void *arg);

static int wake[2] = { -1, -1 }; /* written by the shutdown callback */

static void report(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void report(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void on_shutdown(void *arg) {
    (void) arg;
    ssize_t ignored = write(wake[1], "x", 1);
    (void) ignored;
}

/* Where jackd would look for LOAD_NAME, into path. */
static void locate(const char *load_name, char *path, size_t size) {
    if (strchr(load_name, '/')) {
        snprintf(path, size, "%s", load_name);
        return;
    }
    const char *dir = getenv("JACK_INTERNAL_DIR");
    if (!dir || !*dir) {
        dir = getenv("JACK_DRIVER_DIR");
    }
    if (!dir || !*dir) {
        dir = TJ_INTERNAL_DIR;
    }
    snprintf(path, size, "%s/%s.so", dir, load_name);
}

/* Blocks until SIGTERM/SIGINT/SIGHUP, stdin's end or the client's shutdown. */
static void wait_for_the_end(int signals) {
    struct pollfd fds[3] = {
        { .fd = signals, .events = POLLIN },
        { .fd = STDIN_FILENO, .events = POLLIN },
        { .fd = wake[0], .events = POLLIN },
    };
    char drain[256];
    for (;;) {
        if (poll(fds, 3, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            return;
        }
        if (fds[0].revents || fds[2].revents) {
            return;
        }
        if (fds[1].revents) {
            if (read(STDIN_FILENO, drain, sizeof drain) <= 0) {
                return; /* the server is gone */
            }
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: tactus_intclient SERVER CLIENT_NAME LOAD_NAME INIT exact|unique (the Tactus server"
                " starts this; load internal clients with jack_load or ./tactus load)\n");
        return 2;
    }
    const char *server = argv[1], *name = argv[2], *load_name = argv[3], *init = argv[4];
    int exact = strcmp(argv[5], "exact") == 0;

    /* Blocked before any thread exists, so that every thread inherits it and only the signalfd sees them. */
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGHUP);
    sigprocmask(SIG_BLOCK, &stops, NULL);
    signal(SIGPIPE, SIG_IGN);
    int signals = signalfd(-1, &stops, SFD_CLOEXEC);
    if (signals < 0 || pipe(wake) != 0) {
        report("failed %d cannot set up the internal-client host (%s)", JackFailure | JackLoadFailure, strerror(errno));
        return 1;
    }

    char path[4096];
    locate(load_name, path, sizeof path);
    void *object = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!object) {
        report("failed %d cannot load internal client '%s' from %s (%s); install it there, or set JACK_INTERNAL_DIR"
               " to its directory", JackFailure | JackLoadFailure, load_name, path, dlerror());
        return 1;
    }
    initialize_fn initialize = (initialize_fn) dlsym(object, "jack_initialize");
    finish_fn finish = (finish_fn) dlsym(object, "jack_finish");
    if (!initialize || !finish) {
        report("failed %d %s is not a JACK internal client: it has no %s", JackFailure | JackLoadFailure, path,
               initialize ? "jack_finish" : "jack_initialize");
        return 1;
    }

    jack_status_t status = 0;
    jack_options_t options = (jack_options_t) (JackServerName | JackNoStartServer | (exact ? JackUseExactName : 0));
    jack_client_t *client = jack_client_open(name, options, &status, server);
    if (!client) {
        report("failed %d cannot open internal client '%s' on server '%s'%s", (int) (status | JackFailure), name,
               server, (status & JackNameNotUnique) ? ": the name is taken; unload that client or choose another name"
               : "; the server's error is above");
        return 1;
    }
    jack_on_shutdown(client, on_shutdown, NULL);
    if (initialize(client, init) != 0) {
        jack_client_close(client);
        report("failed %d the jack_initialize of internal client '%s' (%s) failed with init string \"%s\"; see its"
               " message above", JackFailure | JackInitFailure, name, path, init);
        return 1;
    }
    report("loaded %d %s", (int) status, jack_get_client_name(client));

    wait_for_the_end(signals);
    /* As jackd on unload: the client closed (no more process calls), then jack_finish with its process argument. */
    void *process_arg = client->process_arg;
    jack_client_close(client);
    finish(process_arg);
    return 0;
}
