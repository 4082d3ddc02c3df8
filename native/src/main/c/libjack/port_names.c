/*
 * A port's other names and its latency, asked of the server (docs/ipc-contract.md, issue 20: DescribePort, Alias,
 * RenamePort, SetLatencyRange, GetLatencyRange, RecomputeLatencies). Control path: each call is a round trip on
 * the socket, fine from the notifier thread (the latency callback), not for the process callback.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tj_reply *tj_describe_port(jack_client_t *c, const char *name, const char *what) {
    if (!c || !name) {
        return NULL;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, name);
    tj_reply *reply = tj_request(c, TJ_DESCRIBE_PORT, &body);
    tj_buf_free(&body);
    if (reply && reply->type == TJ_PORT_DESCRIPTION) {
        return reply;
    }
    tj_report(c, reply, what);
    tj_reply_free(reply);
    return NULL;
}

static int alias_request(jack_port_t *port, const char *alias, int set, const char *what) {
    if (!port || !alias) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port->name);
    tj_putstr(&body, alias);
    tj_putbool(&body, set);
    int result = tj_request_ok(port->client, TJ_ALIAS, &body, what);
    tj_buf_free(&body);
    return result;
}

int jack_port_set_alias(jack_port_t *port, const char *alias) {
    return alias_request(port, alias, 1, "jack_port_set_alias");
}

int jack_port_unset_alias(jack_port_t *port, const char *alias) {
    return alias_request(port, alias, 0, "jack_port_unset_alias");
}

/* Copies the port's aliases (at most two) into the caller's buffers of jack_port_name_size() bytes each. */
int jack_port_get_aliases(const jack_port_t *port, char *const aliases[2]) {
    if (!port || !aliases) {
        return -1;
    }
    tj_reply *reply = tj_describe_port(port->client, port->name, "jack_port_get_aliases");
    if (!reply) {
        return -1;
    }
    free(tj_getstr(&reply->body));
    tj_get64(&reply->body);
    tj_get32(&reply->body);
    tj_get32(&reply->body);
    int count = tj_get32(&reply->body);
    int copied = 0;
    for (int i = 0; i < count && !reply->body.failed; i++) {
        char *alias = tj_getstr(&reply->body);
        if (alias && copied < 2 && aliases[copied]) {
            snprintf(aliases[copied], (size_t) jack_port_name_size(), "%s", alias);
            copied++;
        }
        free(alias);
    }
    tj_reply_free(reply);
    return copied;
}

/* JACK's rename takes the new short name; a full name of this client is taken as its short part. */
int jack_port_rename(jack_client_t *client, jack_port_t *port, const char *port_name) {
    if (!client || !port || !port_name) {
        return -1;
    }
    if (!port->mine || port->client != client) {
        tj_error("Tactus libjack: jack_port_rename: port '%s' is not client '%s''s own; a client renames only its"
                 " own ports", port->name, client->name);
        return -1;
    }
    size_t own = strlen(client->name);
    const char *short_name = strncmp(port_name, client->name, own) == 0 && port_name[own] == ':'
                             ? port_name + own + 1 : port_name;
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port->short_name);
    tj_putstr(&body, short_name);
    int result = tj_request_ok(client, TJ_RENAME_PORT, &body, "jack_port_rename");
    tj_buf_free(&body);
    if (result == 0) {
        pthread_mutex_lock(&client->port_lock);
        snprintf(port->name, sizeof port->name, "%s:%s", client->name, short_name);
        port->short_name = port->name + own + 1;
        pthread_mutex_unlock(&client->port_lock);
    }
    return result;
}

int jack_port_set_name(jack_port_t *port, const char *port_name) {
    return port ? jack_port_rename(port->client, port, port_name) : -1;
}

void jack_port_set_latency_range(jack_port_t *port, jack_latency_callback_mode_t mode, jack_latency_range_t *range) {
    if (!port || !range || !port->mine) {
        return;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port->short_name);
    tj_putbool(&body, mode == JackPlaybackLatency);
    tj_put32(&body, (int32_t) range->min);
    tj_put32(&body, (int32_t) range->max);
    tj_request_ok(port->client, TJ_SET_LATENCY_RANGE, &body, "jack_port_set_latency_range");
    tj_buf_free(&body);
}

void jack_port_get_latency_range(jack_port_t *port, jack_latency_callback_mode_t mode, jack_latency_range_t *range) {
    if (!range) {
        return;
    }
    range->min = 0;
    range->max = 0;
    if (!port) {
        return;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port->name);
    tj_putbool(&body, mode == JackPlaybackLatency);
    tj_reply *reply = tj_request(port->client, TJ_GET_LATENCY_RANGE, &body);
    tj_buf_free(&body);
    if (reply && reply->type == TJ_LATENCY_REPORT) {
        int32_t min = tj_get32(&reply->body);
        int32_t max = tj_get32(&reply->body);
        if (!reply->body.failed) {
            range->min = (jack_nframes_t) min;
            range->max = (jack_nframes_t) max;
        }
    } else {
        tj_report(port->client, reply, "jack_port_get_latency_range");
    }
    tj_reply_free(reply);
}

/* JACK's deprecated single figure: the most of the range the port faces (capture for inputs, playback for outputs). */
jack_nframes_t jack_port_get_latency(jack_port_t *port) {
    jack_latency_range_t range;
    jack_port_get_latency_range(port, port && !port->is_input ? JackPlaybackLatency : JackCaptureLatency, &range);
    return range.max;
}

jack_nframes_t jack_port_get_total_latency(jack_client_t *client, jack_port_t *port) {
    (void) client;
    return jack_port_get_latency(port);
}

void jack_port_set_latency(jack_port_t *port, jack_nframes_t frames) {
    jack_latency_range_t range = { frames, frames };
    jack_port_set_latency_range(port, port && !port->is_input ? JackPlaybackLatency : JackCaptureLatency, &range);
}

int jack_recompute_total_latencies(jack_client_t *client) {
    return client ? tj_request_ok(client, TJ_RECOMPUTE_LATENCIES, NULL, "jack_recompute_total_latencies") : -1;
}

int jack_recompute_total_latency(jack_client_t *client, jack_port_t *port) {
    (void) port;
    return jack_recompute_total_latencies(client);
}
