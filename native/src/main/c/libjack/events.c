/*
 * The server's notifications as JACK's callbacks (docs/ipc-contract.md, "Graph notifications and latency",
 * "Buffer size and freewheel at run time", "PropertyChanged"): the reader thread turns each frame into an event and
 * queues it; the notifier thread tells them in the order they came, so a callback may call the server. Port ids
 * are the library's (a hash of the full name, the same in every client); a renamed port is told by its old one.
 */
#include "internal.h"

#include <jack/metadata.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tj_event_free(struct tj_event *e) {
    if (e) {
        free(e->first);
        free(e->second);
        free(e);
    }
}

struct tj_event *tj_event_read(int type, tj_buf *body) {
    struct tj_event *e = calloc(1, sizeof *e);
    if (!e) {
        return NULL;
    }
    switch (type) {
    case TJ_CLIENT_REGISTRATION:
        e->kind = TJ_EV_CLIENT;
        e->sequence = tj_get64(body);
        e->first = tj_getstr(body);
        e->flag = tj_getbool(body);
        break;
    case TJ_PORT_REGISTRATION:
        e->kind = TJ_EV_PORT;
        e->sequence = tj_get64(body);
        tj_get32(body); /* the server's port id; the library's ids are name hashes */
        e->first = tj_getstr(body);
        e->flag = tj_getbool(body);
        break;
    case TJ_PORT_CONNECT:
        e->kind = TJ_EV_CONNECT;
        e->sequence = tj_get64(body);
        e->first = tj_getstr(body);
        e->second = tj_getstr(body);
        e->flag = tj_getbool(body);
        break;
    case TJ_PORT_RENAME:
        e->kind = TJ_EV_RENAME;
        e->sequence = tj_get64(body);
        tj_get32(body);
        e->first = tj_getstr(body);
        e->second = tj_getstr(body);
        break;
    case TJ_LATENCY:
        e->kind = TJ_EV_LATENCY;
        e->sequence = tj_get64(body);
        e->flag = tj_getbool(body);
        break;
    case TJ_PROPERTY_CHANGED:
        e->kind = TJ_EV_PROPERTY;
        e->subject = tj_get64(body);
        e->first = tj_getstr(body);
        e->flag = tj_get32(body);
        break;
    case TJ_BUFFER_SIZE_CHANGED:
        e->kind = TJ_EV_BUFFER_SIZE;
        e->flag = tj_get32(body);
        break;
    case TJ_FREEWHEEL_CHANGED:
        e->kind = TJ_EV_FREEWHEEL;
        e->flag = tj_getbool(body);
        break;
    default:
        free(e);
        return NULL;
    }
    if (body->failed) {
        tj_error("Tactus libjack: a notification (message %d) was too short to read; server and library may be from"
                 " different Tactus releases", type);
        tj_event_free(e);
        return NULL;
    }
    return e;
}

/* Notifier thread: one event to its callback. */
void tj_event_tell(jack_client_t *c, struct tj_event *e) {
    if (e->sequence > 0) {
        if (c->last_sequence > 0 && e->sequence != c->last_sequence + 1) {
            tj_info("Tactus libjack: client '%s' missed %lld graph notifications (the server's queue for it was full)",
                    c->name, (long long) (e->sequence - c->last_sequence - 1));
        }
        c->last_sequence = e->sequence;
    }
    switch (e->kind) {
    case TJ_EV_CLIENT:
        if (c->on_client_registration) {
            c->on_client_registration(e->first, e->flag, c->on_client_registration_arg);
        }
        break;
    case TJ_EV_PORT:
        if (c->on_port_registration) {
            c->on_port_registration(tj_port_id(e->first), e->flag, c->on_port_registration_arg);
        }
        break;
    case TJ_EV_CONNECT:
        if (c->on_connect) {
            c->on_connect(tj_port_id(e->first), tj_port_id(e->second), e->flag, c->on_connect_arg);
        }
        break;
    case TJ_EV_RENAME:
        if (c->on_port_rename) {
            c->on_port_rename(tj_port_id(e->first), e->first, e->second, c->on_port_rename_arg);
        }
        break;
    case TJ_EV_LATENCY:
        if (c->on_latency) {
            c->on_latency(e->flag ? JackPlaybackLatency : JackCaptureLatency, c->on_latency_arg);
        }
        break;
    case TJ_EV_PROPERTY:
        if (c->on_property_change) {
            c->on_property_change((jack_uuid_t) e->subject, e->first && *e->first ? e->first : NULL,
                                  (jack_property_change_t) e->flag, c->on_property_change_arg);
        }
        break;
    case TJ_EV_BUFFER_SIZE:
        /* A client whose process thread runs learns of it there, before its first cycle at the new size. */
        if (!tj_process_begun(c)) {
            __atomic_store_n(&c->nframes, e->flag, __ATOMIC_RELAXED);
            tj_midi_set_nframes(e->flag);
            if (c->on_buffer_size) {
                c->on_buffer_size((jack_nframes_t) e->flag, c->on_buffer_size_arg);
            }
        }
        break;
    case TJ_EV_FREEWHEEL:
        if (!tj_process_begun(c)) {
            c->freewheel = e->flag;
            if (c->on_freewheel) {
                c->on_freewheel(e->flag, c->on_freewheel_arg);
            }
        }
        break;
    }
}

int tj_event_is_graph(const struct tj_event *e) {
    return e->kind <= TJ_EV_LATENCY;
}

void tj_announce_own_ports(jack_client_t *c) {
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        jack_port_t *p = &c->ports[i];
        if (!__atomic_load_n(&p->in_use, __ATOMIC_ACQUIRE)) {
            continue;
        }
        struct tj_event *e = calloc(1, sizeof *e);
        if (e && (e->first = strdup(p->name))) {
            e->kind = TJ_EV_PORT;
            e->flag = 1;
            tj_enqueue(c, e);
        } else {
            free(e);
        }
    }
}

void tj_enqueue(jack_client_t *c, struct tj_event *e) {
    pthread_mutex_lock(&c->notify_lock);
    if (!c->events_end) {
        c->events_end = &c->events;
    }
    *c->events_end = e;
    c->events_end = &e->next;
    pthread_cond_signal(&c->notify_cond);
    pthread_mutex_unlock(&c->notify_lock);
}

void tj_report(jack_client_t *c, tj_reply *reply, const char *what) {
    if (!reply) {
        tj_error("%s: Tactus server '%s' did not answer; it may have stopped", what, c->server);
    } else if (reply->type == TJ_ERROR) {
        char *message = tj_getstr(&reply->body);
        tj_error("%s: %s", what, message ? message : "refused by the server");
        free(message);
    } else {
        tj_error("%s: the server answered with message %d, which does not fit; server and library may be from"
                 " different Tactus releases", what, reply->type);
    }
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

#define SETTER(call, type, field)                                                   \
    int call(jack_client_t *client, type callback, void *arg) {                    \
        if (refuse_when_active(client, #call) != 0) {                              \
            return -1;                                                             \
        }                                                                          \
        client->field##_arg = arg;                                                 \
        client->field = callback;                                                  \
        return 0;                                                                  \
    }

SETTER(jack_set_client_registration_callback, JackClientRegistrationCallback, on_client_registration)
SETTER(jack_set_port_registration_callback, JackPortRegistrationCallback, on_port_registration)
SETTER(jack_set_port_rename_callback, JackPortRenameCallback, on_port_rename)
SETTER(jack_set_latency_callback, JackLatencyCallback, on_latency)
SETTER(jack_set_property_change_callback, JackPropertyChangeCallback, on_property_change)
SETTER(jack_set_buffer_size_callback, JackBufferSizeCallback, on_buffer_size)
SETTER(jack_set_freewheel_callback, JackFreewheelCallback, on_freewheel)

/* The rate never changes in Tactus; JACK calls the callback once when it is set, and so does this library. */
int jack_set_sample_rate_callback(jack_client_t *client, JackSampleRateCallback callback, void *arg) {
    if (refuse_when_active(client, "jack_set_sample_rate_callback") != 0) {
        return -1;
    }
    if (callback) {
        callback((jack_nframes_t) client->sample_rate, arg);
    }
    return 0;
}
