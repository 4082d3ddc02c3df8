/*
 * Opening and closing a client (docs/ipc-contract.md, "Connection"): the process thread first (its tid goes
 * into Hello), then the socket, Hello, Welcome and the graph segment; closing says Goodbye and undoes it all.
 * Also the client's callbacks and the figures Welcome gave.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DUPLICATE_NAME "already exists"

/* The program's open clients, for the metadata calls that take none. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static jack_client_t *registry[16];

static void registry_put(jack_client_t *c, jack_client_t *replacement) {
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < 16; i++) {
        if (registry[i] == c) {
            registry[i] = replacement;
            break;
        }
    }
    pthread_mutex_unlock(&registry_lock);
}

jack_client_t *tj_any_client(void) {
    jack_client_t *found = NULL;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < 16 && !found; i++) {
        found = registry[i];
    }
    pthread_mutex_unlock(&registry_lock);
    return found;
}

static jack_client_t *create(const char *name, const char *server) {
    jack_client_t *c = calloc(1, sizeof *c);
    if (!c) {
        return NULL;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->server, sizeof c->server, "%s", server);
    c->fd = -1;
    c->reading_cycle = -1;
    pthread_mutex_init(&c->request_lock, NULL);
    pthread_mutex_init(&c->reply_lock, NULL);
    pthread_cond_init(&c->reply_cond, NULL);
    pthread_mutex_init(&c->port_lock, NULL);
    pthread_mutex_init(&c->gate, NULL);
    pthread_cond_init(&c->gate_cond, NULL);
    pthread_mutex_init(&c->notify_lock, NULL);
    pthread_cond_init(&c->notify_cond, NULL);
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        c->ports[i].client = c;
    }
    return c;
}

/* Stops every thread the client started and frees it; the socket is closed first so the reader ends. */
static void destroy(jack_client_t *c) {
    __atomic_store_n(&c->closing, 1, __ATOMIC_RELEASE);
    tj_stop_reader(c);
    tj_process_stop(c);
    tj_process_join(c);
    tj_notify_stop(c);
    if (c->process_started) {
        return; /* a callback stuck past the timeout keeps the mapping and the client: never pull them from under it */
    }
    tj_unmap_segment(c);
    tj_ports_free(c);
    free(c->end_reason);
    free(c->shutdown_reason);
    free(c);
}

enum { OPENED, SERVER_MISSING, NAME_TAKEN, REFUSED };

static int open_once(const char *name, const char *server, jack_client_t **out, char *why, size_t why_size) {
    jack_client_t *c = create(name, server);
    if (!c) {
        snprintf(why, why_size, "out of memory");
        return REFUSED;
    }
    if (tj_process_start(c) != 0) {
        snprintf(why, why_size, "cannot start the process thread of client '%s'", name);
        destroy(c);
        return REFUSED;
    }
    c->fd = tj_connect_socket(server, why, why_size);
    if (c->fd < 0) {
        destroy(c);
        return SERVER_MISSING;
    }
    if (tj_start_reader(c) != 0) {
        snprintf(why, why_size, "cannot start the control thread of client '%s'", name);
        destroy(c);
        return REFUSED;
    }
    tj_notify_start(c);
    tj_buf hello;
    tj_buf_init(&hello);
    tj_putstr(&hello, name);
    tj_put64(&hello, (int64_t) getpid());
    tj_put32(&hello, c->tid);
    tj_putstr(&hello, "normal");
    tj_putbool(&hello, 1); /* exact name: jack_client_open makes a taken name unique itself, as JACK's rule says */
    tj_reply *reply = tj_request(c, TJ_HELLO, &hello);
    tj_buf_free(&hello);
    int result = REFUSED;
    if (reply && reply->type == TJ_WELCOME) {
        tj_get32(&reply->body); /* client id */
        c->sample_rate = tj_get32(&reply->body);
        c->buffer_size = tj_get32(&reply->body);
        char *graph = tj_getstr(&reply->body);
        c->record = tj_get32(&reply->body);
        c->server_pid = tj_get64(&reply->body);
        c->process_priority = tj_get32(&reply->body);
        free(tj_getstr(&reply->body)); /* the name given: the one asked for, as it asked for exactly that */
        c->uuid = tj_get64(&reply->body);
        if (reply->body.failed || !graph || c->sample_rate <= 0 || c->buffer_size <= 0) {
            snprintf(why, why_size, "Tactus server '%s' sent a Welcome this library cannot read; server and library"
                     " may be from different Tactus releases", server);
        } else if (tj_map_segment(c, graph, why, why_size) == 0) {
            tj_midi_set_nframes(c->nframes);
            result = OPENED;
        }
        free(graph);
    } else if (reply && reply->type == TJ_ERROR) {
        char *message = tj_getstr(&reply->body);
        snprintf(why, why_size, "%s", message ? message : "refused by the server");
        result = message && strstr(message, DUPLICATE_NAME) ? NAME_TAKEN : REFUSED;
        free(message);
    } else {
        pthread_mutex_lock(&c->reply_lock);
        if (c->ended) {
            snprintf(why, why_size, "Tactus server '%s' closed the connection: %s", server,
                     c->end_reason ? c->end_reason : "no Welcome");
        } else {
            snprintf(why, why_size, "Tactus server '%s' did not answer within %d s; it may be stopped or overloaded,"
                     " try again", server, TJ_REPLY_TIMEOUT_SECONDS);
        }
        pthread_mutex_unlock(&c->reply_lock);
    }
    tj_reply_free(reply);
    if (result != OPENED) {
        destroy(c);
        return result;
    }
    *out = c;
    return OPENED;
}

jack_client_t *jack_client_open(const char *client_name, jack_options_t options, jack_status_t *status, ...) {
    jack_status_t ignored;
    if (!status) {
        status = &ignored;
    }
    *status = 0;
    if (!client_name || !*client_name || strlen(client_name) > TJ_MAX_NAME || strchr(client_name, ':')
        || (options & ~JackOpenOptions)) {
        tj_error("Tactus libjack: client name '%s' or options 0x%x are not valid: a name has 1 to %d bytes and no"
                 " ':'", client_name ? client_name : "(null)", (unsigned) options, TJ_MAX_NAME);
        *status = (jack_status_t) (JackFailure | JackInvalidOption);
        return NULL;
    }
    const char *server = NULL;
    va_list args;
    va_start(args, status);
    if (options & JackServerName) {
        server = va_arg(args, const char *);
    }
    va_end(args);
    if (!server || !*server) {
        server = getenv("JACK_DEFAULT_SERVER");
    }
    if (!server || !*server) {
        server = "default";
    }
    char why[1024];
    char candidate[TJ_MAX_NAME + 1];
    for (int attempt = 0; attempt < 100; attempt++) {
        if (attempt == 0) {
            snprintf(candidate, sizeof candidate, "%s", client_name);
        } else {
            /* JACK's rule for a taken name: name-01, name-02, ... within the name size. */
            snprintf(candidate, sizeof candidate, "%.*s-%02d", TJ_MAX_NAME - 3, client_name, attempt);
        }
        jack_client_t *c = NULL;
        int result = open_once(candidate, server, &c, why, sizeof why);
        if (result == OPENED) {
            if (attempt > 0) {
                *status = (jack_status_t) (*status | JackNameNotUnique);
            }
            registry_put(NULL, c);
            return c;
        }
        if (result == NAME_TAKEN && !(options & JackUseExactName)) {
            continue;
        }
        tj_error("Tactus libjack: %s", why);
        *status = (jack_status_t) (JackFailure | (result == SERVER_MISSING ? JackServerFailed
                                                   : result == NAME_TAKEN ? JackNameNotUnique : JackServerError));
        return NULL;
    }
    tj_error("Tactus libjack: %s", why);
    *status = (jack_status_t) (JackFailure | JackNameNotUnique);
    return NULL;
}

jack_client_t *jack_client_new(const char *client_name) {
    return jack_client_open(client_name, JackUseExactName, NULL);
}

int jack_client_close(jack_client_t *client) {
    if (!client) {
        return -1;
    }
    __atomic_store_n(&client->closing, 1, __ATOMIC_RELEASE);
    registry_put(client, NULL);
    pthread_mutex_lock(&client->reply_lock);
    int ended = client->ended;
    pthread_mutex_unlock(&client->reply_lock);
    if (!ended) {
        /* Goodbye deactivates the client and removes its ports; a server already gone removes them anyway. */
        tj_reply_free(tj_request(client, TJ_GOODBYE, NULL));
    }
    destroy(client);
    return 0;
}

int jack_client_name_size(void) {
    return TJ_SERVER_CLIENT_NAME + 1;
}

char *jack_get_client_name(jack_client_t *client) {
    return client ? client->name : NULL;
}

int jack_activate(jack_client_t *client) {
    if (!client) {
        return -1;
    }
    if (client->active) {
        return 0;
    }
    if (tj_process_begin(client) != 0) {
        tj_error("Tactus libjack: client '%s' cannot activate: it is no longer connected to the server", client->name);
        return -1;
    }
    /* JACK tells a client of the graph only while it is active, starting with its own ports. */
    tj_announce_own_ports(client);
    __atomic_store_n(&client->hearing, 1, __ATOMIC_RELEASE);
    if (tj_request_ok(client, TJ_ACTIVATE, NULL, "jack_activate") != 0) {
        __atomic_store_n(&client->hearing, 0, __ATOMIC_RELEASE);
        return -1;
    }
    client->active = 1;
    return 0;
}

int jack_deactivate(jack_client_t *client) {
    if (!client) {
        return -1;
    }
    if (!client->active) {
        return 0;
    }
    if (tj_request_ok(client, TJ_DEACTIVATE, NULL, "jack_deactivate") != 0) {
        return -1;
    }
    __atomic_store_n(&client->hearing, 0, __ATOMIC_RELEASE);
    client->active = 0;
    return 0;
}

static int refuse_when_active(jack_client_t *client, const char *call) {
    if (!client) {
        return -1;
    }
    if (client->active) {
        tj_error("Tactus libjack: %s on client '%s' must come before jack_activate", call, client->name);
        return -1;
    }
    return 0;
}

int jack_set_process_callback(jack_client_t *client, JackProcessCallback process_callback, void *arg) {
    if (refuse_when_active(client, "jack_set_process_callback") != 0) {
        return -1;
    }
    client->process_arg = arg;
    client->process_callback = process_callback;
    return 0;
}

int jack_set_thread_init_callback(jack_client_t *client, JackThreadInitCallback thread_init_callback, void *arg) {
    if (refuse_when_active(client, "jack_set_thread_init_callback") != 0) {
        return -1;
    }
    client->thread_init_arg = arg;
    client->thread_init = thread_init_callback;
    return 0;
}

void jack_on_shutdown(jack_client_t *client, JackShutdownCallback shutdown_callback, void *arg) {
    if (client) {
        client->on_shutdown_arg = arg;
        client->on_shutdown = shutdown_callback;
    }
}

void jack_on_info_shutdown(jack_client_t *client, JackInfoShutdownCallback shutdown_callback, void *arg) {
    if (client) {
        client->on_info_shutdown_arg = arg;
        client->on_info_shutdown = shutdown_callback;
    }
}

int jack_set_xrun_callback(jack_client_t *client, JackXRunCallback xrun_callback, void *arg) {
    if (refuse_when_active(client, "jack_set_xrun_callback") != 0) {
        return -1;
    }
    client->on_xrun_arg = arg;
    client->on_xrun = xrun_callback;
    return 0;
}

/* Called for the connections this client makes or breaks itself; the server does not announce others' yet. */
int jack_set_port_connect_callback(jack_client_t *client, JackPortConnectCallback connect_callback, void *arg) {
    if (refuse_when_active(client, "jack_set_port_connect_callback") != 0) {
        return -1;
    }
    client->on_connect_arg = arg;
    client->on_connect = connect_callback;
    return 0;
}

int jack_set_graph_order_callback(jack_client_t *client, JackGraphOrderCallback graph_callback, void *arg) {
    if (refuse_when_active(client, "jack_set_graph_order_callback") != 0) {
        return -1;
    }
    client->on_graph_order_arg = arg;
    client->on_graph_order = graph_callback;
    return 0;
}

jack_nframes_t jack_get_sample_rate(jack_client_t *client) {
    return client ? (jack_nframes_t) client->sample_rate : 0;
}

jack_nframes_t jack_get_buffer_size(jack_client_t *client) {
    return client ? (jack_nframes_t) __atomic_load_n(&client->nframes, __ATOMIC_RELAXED) : 0;
}

/* Whether the server runs the graph realtime: it hands its clients a FIFO priority then, and not while it freewheels. */
int jack_is_realtime(jack_client_t *client) {
    return client && client->process_priority > 0
           && !__atomic_load_n((int32_t *) (client->segment + TJ_OFF_FREEWHEEL), __ATOMIC_ACQUIRE);
}

int jack_client_real_time_priority(jack_client_t *client) {
    return client && client->process_priority > 0 ? client->process_priority : -1;
}

int jack_client_max_real_time_priority(jack_client_t *client) {
    return client && client->process_priority > 0 ? client->process_priority : -1;
}

jack_native_thread_t jack_client_thread_id(jack_client_t *client) {
    return client ? client->process : (jack_native_thread_t) 0;
}

void jack_get_version(int *major_ptr, int *minor_ptr, int *micro_ptr, int *proto_ptr) {
    if (major_ptr) *major_ptr = 0;
    if (minor_ptr) *minor_ptr = 1;
    if (micro_ptr) *micro_ptr = 0;
    if (proto_ptr) *proto_ptr = TJ_PROTOCOL_VERSION;
}

const char *jack_get_version_string(void) {
    return "Tactus libjack 0.1.0";
}

void jack_free(void *ptr) {
    free(ptr);
}
