/*
 * The project's JACK test client for the callbacks of protocol 6, for LibjackCallbacksSystemTest. It registers
 * every notification callback, an audio `in` and `out`, and prints one line per thing that happened, in the
 * order it happened (stdout, flushed). Commands on stdin, one per line:
 *
 *   hold | release            the sync callback answers "not ready" / "ready" while the transport is STARTING
 *   bufsize N | freewheel 0|1 jack_set_buffer_size / jack_set_freewheel ("bufsize-result R")
 *   register P | rename P Q   a port registered / renamed ("register-result", "rename-result")
 *   alias P A                 jack_port_set_alias, then its aliases ("aliases N A1 A2")
 *   latency P MODE MIN MAX    jack_port_set_latency_range(capture|playback) on own port P ("latency-set")
 *   getlatency PORT           "range PORT capture MIN MAX playback MIN MAX"
 *   property KEY VALUE        on this client's own uuid, then read back ("property KEY VALUE")
 *   stats                     "stats LOAD MAX XRUN" (the max after a reset: "stats-reset MAX")
 *   load NAME OBJECT INIT     jack_internal_client_load(JackLoadName|JackLoadInit, "-" for an empty init; loadx:
 *   loadx NAME OBJECT INIT      with JackUseExactName): "load HANDLE STATUS NAME" (the name by handle, "-" if none)
 *   handle NAME | unload H    "handle H STATUS" / "unload STATUS" (statuses in hex)
 *   quit
 *
 * Lines from callbacks: "client NAME 1|0", "port NAME 1|0" (by jack_port_by_id), "connect A B 1|0", "renamed
 * OLD NEW", "latency capture|playback", "prop-changed KEY CHANGE", "bufsize-cb N", "freewheel-cb ON", "sync
 * STATE FRAME READY" (the first while holding, and each change of answer), and from the process callback
 * "process-at N after-callback yes|no" at the first call of each period size.
 */
#include <jack/jack.h>
#include <jack/intclient.h>
#include <jack/metadata.h>
#include <jack/session.h>
#include <jack/statistics.h>
#include <jack/uuid.h>
#include <jack/transport.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jack_client_t *client;
static jack_port_t *out_port;
static volatile int hold = 1;
static volatile jack_nframes_t told_size;
static jack_nframes_t seen_size;
static int last_answer = -1;

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    flockfile(stdout); /* callbacks print from the notification thread too: one whole line at a time */
    vprintf(format, args);
    putchar('\n');
    fflush(stdout);
    funlockfile(stdout);
    va_end(args);
}

/* Prints only at the first call of each period size: the test's only output from the realtime callback. */
static int process(jack_nframes_t nframes, void *arg) {
    (void) arg;
    float *out = jack_port_get_buffer(out_port, nframes);
    memset(out, 0, nframes * sizeof *out);
    if (nframes != seen_size) {
        say("process-at %u after-callback %s", nframes, seen_size == 0 || told_size == nframes ? "yes" : "no");
        seen_size = nframes;
    }
    return 0;
}

static int on_sync(jack_transport_state_t state, jack_position_t *pos, void *arg) {
    (void) arg;
    int ready = !hold;
    if (ready != last_answer) {
        say("sync %s %u %d", state == JackTransportStarting ? "starting" : "other", pos->frame, ready);
        last_answer = ready;
    }
    return ready;
}

static void on_client(const char *name, int registered, void *arg) { (void) arg; say("client %s %d", name, registered); }
static void on_port(jack_port_id_t id, int registered, void *arg) {
    (void) arg;
    jack_port_t *port = registered ? jack_port_by_id(client, id) : NULL;
    say("port %s %d", port ? jack_port_name(port) : "(gone)", registered);
}
static void on_connect(jack_port_id_t a, jack_port_id_t b, int connect, void *arg) {
    (void) arg;
    jack_port_t *pa = jack_port_by_id(client, a);
    jack_port_t *pb = jack_port_by_id(client, b);
    say("connect %s %s %d", pa ? jack_port_name(pa) : "?", pb ? jack_port_name(pb) : "?", connect);
}
static void on_rename(jack_port_id_t id, const char *old_name, const char *new_name, void *arg) {
    (void) id; (void) arg;
    say("renamed %s %s", old_name, new_name);
}
static void on_latency(jack_latency_callback_mode_t mode, void *arg) {
    (void) arg;
    say("latency %s", mode == JackPlaybackLatency ? "playback" : "capture");
}
static void on_property(jack_uuid_t subject, const char *key, jack_property_change_t change, void *arg) {
    (void) subject; (void) arg;
    say("prop-changed %s %d", key ? key : "(all)", (int) change);
}
static int on_buffer_size(jack_nframes_t nframes, void *arg) {
    (void) arg;
    told_size = nframes;
    say("bufsize-cb %u get %u", nframes, jack_get_buffer_size(client));
    return 0;
}
static void on_freewheel(int on, void *arg) { (void) arg; say("freewheel-cb %d", on); }
static int on_rate(jack_nframes_t rate, void *arg) { (void) arg; say("rate-cb %u", rate); return 0; }

static jack_port_t *own(const char *short_name) {
    char full[512];
    snprintf(full, sizeof full, "%s:%s", jack_get_client_name(client), short_name);
    return jack_port_by_name(client, full);
}

static void command(char *line) {
    char a[256] = "", b[256] = "", c[256] = "";
    unsigned min = 0, max = 0;
    int n = 0;
    if (strcmp(line, "hold") == 0 || strcmp(line, "release") == 0) {
        hold = line[0] == 'h';
        say("%s-ok", line);
    } else if (sscanf(line, "bufsize %d", &n) == 1) {
        say("bufsize-result %d", jack_set_buffer_size(client, (jack_nframes_t) n));
    } else if (sscanf(line, "freewheel %d", &n) == 1) {
        say("freewheel-result %d", jack_set_freewheel(client, n));
    } else if (sscanf(line, "register %255s", a) == 1) {
        say("register-result %s", jack_port_register(client, a, JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0)
            ? "ok" : "null");
    } else if (sscanf(line, "rename %255s %255s", a, b) == 2) {
        jack_port_t *port = own(a);
        say("rename-result %d %s", port ? jack_port_rename(client, port, b) : -9, port ? jack_port_name(port) : "-");
    } else if (sscanf(line, "alias %255s %255s", a, b) == 2) {
        jack_port_t *port = own(a);
        int set = port ? jack_port_set_alias(port, b) : -9;
        char first[512] = "", second[512] = "";
        char *aliases[2] = { first, second };
        int count = port ? jack_port_get_aliases(port, aliases) : -9;
        say("aliases %d %d %s %s", set, count, count > 0 ? first : "-", count > 1 ? second : "-");
    } else if (sscanf(line, "latency %255s %255s %u %u", a, b, &min, &max) == 4) {
        jack_latency_range_t range = { min, max };
        jack_port_set_latency_range(own(a), b[0] == 'p' ? JackPlaybackLatency : JackCaptureLatency, &range);
        say("latency-set %s", a);
    } else if (sscanf(line, "getlatency %255s", a) == 1) {
        jack_port_t *port = jack_port_by_name(client, a);
        jack_latency_range_t capture = { 0, 0 }, playback = { 0, 0 };
        jack_port_get_latency_range(port, JackCaptureLatency, &capture);
        jack_port_get_latency_range(port, JackPlaybackLatency, &playback);
        say("range %s capture %u %u playback %u %u", a, capture.min, capture.max, playback.min, playback.max);
    } else if (sscanf(line, "property %255s %255s", a, b) == 2) {
        char *text = jack_client_get_uuid(client);
        jack_uuid_t self = 0;
        jack_uuid_parse(text, &self);
        jack_free(text);
        int set = jack_set_property(client, self, a, b, NULL);
        char *value = NULL, *type = NULL;
        int got = jack_get_property(self, a, &value, &type);
        jack_description_t desc;
        int count = jack_get_properties(self, &desc);
        say("property %d %d %s %s count %d", set, got, a, value ? value : "-", count);
        jack_free(value);
        jack_free(type);
        jack_free_description(&desc, 0);
    } else if (sscanf(line, strncmp(line, "loadx ", 6) == 0 ? "loadx %255s %255s %255s" : "load %255s %255s %255s", a, b, c) == 3) {
        jack_status_t status = 0;
        jack_options_t options = (jack_options_t) (JackLoadName | JackLoadInit | (line[4] == 'x' ? JackUseExactName : 0));
        jack_intclient_t handle = jack_internal_client_load(client, a, options, &status, b, strcmp(c, "-") == 0 ? "" : c);
        char *name = handle ? jack_get_internal_client_name(client, handle) : NULL;
        say("load %llu 0x%x %s", (unsigned long long) handle, (unsigned) status, name ? name : "-");
        free(name);
    } else if (sscanf(line, "handle %255s", a) == 1) {
        jack_status_t status = 0;
        jack_intclient_t handle = jack_internal_client_handle(client, a, &status);
        say("handle %llu 0x%x", (unsigned long long) handle, (unsigned) status);
    } else if (sscanf(line, "unload %u", &min) == 1) {
        say("unload 0x%x", (unsigned) jack_internal_client_unload(client, (jack_intclient_t) min));
    } else if (strcmp(line, "stats") == 0) {
        say("stats %.1f %.1f %.1f", jack_cpu_load(client), jack_get_max_delayed_usecs(client),
            jack_get_xrun_delayed_usecs(client));
        jack_reset_max_delayed_usecs(client);
        say("stats-reset %.1f", jack_get_max_delayed_usecs(client));
    } else {
        say("unknown-command %s", line);
    }
}

int main(int argc, char **argv) {
    const char *name = argc > 2 && strcmp(argv[1], "--name") == 0 ? argv[2] : "callbacks";
    jack_status_t status;
    client = jack_client_open(name, JackNullOption, &status);
    if (!client) {
        say("open-failed 0x%x", (unsigned) status);
        return 1;
    }
    out_port = jack_port_register(client, "out", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    jack_port_register(client, "in", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    jack_set_process_callback(client, process, NULL);
    jack_set_client_registration_callback(client, on_client, NULL);
    jack_set_port_registration_callback(client, on_port, NULL);
    jack_set_port_connect_callback(client, on_connect, NULL);
    jack_set_port_rename_callback(client, on_rename, NULL);
    jack_set_latency_callback(client, on_latency, NULL);
    jack_set_property_change_callback(client, on_property, NULL);
    jack_set_buffer_size_callback(client, on_buffer_size, NULL);
    jack_set_freewheel_callback(client, on_freewheel, NULL);
    jack_set_sample_rate_callback(client, on_rate, NULL);
    if (jack_activate(client) != 0 || jack_set_sync_callback(client, on_sync, NULL) != 0) {
        say("activate-failed");
        return 1;
    }
    say("ready %s", jack_get_client_name(client));
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, "quit") == 0) {
            break;
        }
        command(line);
    }
    jack_client_close(client);
    say("closed");
    return 0;
}
