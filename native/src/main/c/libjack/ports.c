/*
 * Ports and connections: a client's own ports live in its fixed table (the process thread scans it, so
 * registering never reallocates anything it reads); other clients' ports are looked up with ListPorts and
 * kept until the client closes, as JACK keeps every jack_port_t valid. Lists returned to the program are one
 * allocation each (pointers, then the strings), so jack_free frees them whole.
 */
#include "internal.h"

#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYSTEM_CLIENT "system:"

typedef struct {
    char *name;
    int is_input;
    int type;
    int npeers;
    char **peers;
} port_info;

typedef struct {
    int count;
    port_info *ports;
} port_list;

static void port_list_free(port_list *list) {
    for (int i = 0; i < list->count; i++) {
        free(list->ports[i].name);
        for (int j = 0; j < list->ports[i].npeers; j++) {
            free(list->ports[i].peers[j]);
        }
        free(list->ports[i].peers);
    }
    free(list->ports);
    list->ports = NULL;
    list->count = 0;
}

/* The server's ports (ListPorts), 0; or -1 when the server did not answer. */
static int fetch_ports(jack_client_t *c, int with_connections, port_list *out) {
    memset(out, 0, sizeof *out);
    tj_buf body;
    tj_buf_init(&body);
    tj_putbool(&body, with_connections);
    tj_reply *reply = tj_request(c, TJ_LIST_PORTS, &body);
    tj_buf_free(&body);
    if (!reply || reply->type != TJ_PORT_LIST) {
        tj_reply_free(reply);
        return -1;
    }
    tj_buf *b = &reply->body;
    int count = tj_get32(b);
    if (count < 0 || (size_t) count > b->length) {
        tj_reply_free(reply);
        return -1;
    }
    out->ports = calloc((size_t) count + 1, sizeof(port_info));
    for (int i = 0; out->ports && i < count && !b->failed; i++) {
        port_info *p = &out->ports[i];
        p->name = tj_getstr(b);
        p->is_input = tj_getbool(b);
        p->type = tj_get32(b);
        int peers = tj_get32(b);
        out->count = i + 1;
        if (b->failed || peers < 0 || (size_t) peers > b->length) {
            b->failed = 1;
            break;
        }
        p->peers = calloc((size_t) peers + 1, sizeof(char *));
        for (int j = 0; p->peers && j < peers && !b->failed; j++) {
            p->peers[j] = tj_getstr(b);
            p->npeers = j + 1;
        }
    }
    int failed = b->failed || !out->ports;
    tj_reply_free(reply);
    if (failed) {
        port_list_free(out);
        return -1;
    }
    return 0;
}

static const port_info *find(const port_list *list, const char *name) {
    for (int i = 0; i < list->count; i++) {
        if (list->ports[i].name && strcmp(list->ports[i].name, name) == 0) {
            return &list->ports[i];
        }
    }
    return NULL;
}

/* Tactus's driver ports (system:capture_N, system:playback_N) are JACK's physical, terminal ports. */
static int flags_of(const char *name, int is_input) {
    int flags = is_input ? JackPortIsInput : JackPortIsOutput;
    if (strncmp(name, SYSTEM_CLIENT, strlen(SYSTEM_CLIENT)) == 0) {
        flags |= JackPortIsPhysical | JackPortIsTerminal;
    }
    return flags;
}

/* One allocation: count + 1 pointers (NULL last), then the strings. NULL for an empty list, as JACK does. */
static const char **string_array(char *const *strings, int count) {
    if (count <= 0) {
        return NULL;
    }
    size_t bytes = ((size_t) count + 1) * sizeof(char *);
    for (int i = 0; i < count; i++) {
        bytes += strlen(strings[i]) + 1;
    }
    char **array = malloc(bytes);
    if (!array) {
        return NULL;
    }
    char *text = (char *) (array + count + 1);
    for (int i = 0; i < count; i++) {
        size_t n = strlen(strings[i]) + 1;
        memcpy(text, strings[i], n);
        array[i] = text;
        text += n;
    }
    array[count] = NULL;
    return (const char **) array;
}

void tj_ports_free(jack_client_t *c) {
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        free(c->ports[i].snapshots);
        c->ports[i].snapshots = NULL;
    }
    while (c->foreign) {
        jack_port_t *next = c->foreign->next;
        free(c->foreign);
        c->foreign = next;
    }
}

jack_port_t *jack_port_register(jack_client_t *client, const char *port_name, const char *port_type,
                                unsigned long flags, unsigned long buffer_size) {
    (void) buffer_size;
    if (!client || !port_name || !*port_name || strlen(port_name) > TJ_MAX_NAME) {
        tj_error("Tactus libjack: a port name has 1 to %d bytes", TJ_MAX_NAME);
        return NULL;
    }
    const char *type = port_type && *port_type ? port_type : JACK_DEFAULT_AUDIO_TYPE;
    int midi = strcmp(type, JACK_DEFAULT_MIDI_TYPE) == 0;
    if (!midi && strcmp(type, JACK_DEFAULT_AUDIO_TYPE) != 0) {
        tj_error("Tactus libjack: port type '%s' is not one Tactus has; use '%s' or '%s'", type,
                 JACK_DEFAULT_AUDIO_TYPE, JACK_DEFAULT_MIDI_TYPE);
        return NULL;
    }
    int input = (flags & JackPortIsInput) != 0;
    pthread_mutex_lock(&client->port_lock);
    jack_port_t *p = NULL;
    for (int i = 0; i < TJ_MAX_PORTS && !p; i++) {
        if (!client->ports[i].mine) {
            p = &client->ports[i];
        }
    }
    if (!p) {
        pthread_mutex_unlock(&client->port_lock);
        tj_error("Tactus libjack: client '%s' already has %d ports, the most a client may have", client->name,
                 TJ_MAX_PORTS);
        return NULL;
    }
    if (midi && input && !p->snapshots) {
        p->snapshots = malloc((size_t) TJ_MAX_SOURCES * TJ_MIDI_BYTES);
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port_name);
    tj_putbool(&body, input);
    tj_put32(&body, midi ? 1 : 0);
    /* JACK's flag bits are Tactus's (input 0x1, output 0x2, physical 0x4, can monitor 0x8, terminal 0x10). */
    tj_put32(&body, (int32_t) (flags & 0x1f));
    tj_reply *reply = tj_request(client, TJ_REGISTER_PORT, &body);
    tj_buf_free(&body);
    int slot = -1;
    if (reply && reply->type == TJ_PORT_SLOT) {
        slot = tj_get32(&reply->body);
    } else if (reply && reply->type == TJ_ERROR) {
        char *message = tj_getstr(&reply->body);
        tj_error("Tactus libjack: cannot register port '%s': %s", port_name, message ? message : "refused");
        free(message);
    } else {
        tj_error("Tactus libjack: cannot register port '%s': Tactus server '%s' did not answer", port_name,
                 client->server);
    }
    tj_reply_free(reply);
    if (slot < 0 || slot >= client->nports || (midi && input && !p->snapshots)) {
        if (slot >= client->nports) {
            tj_error("Tactus libjack: the server gave port '%s' slot %d of a segment of %d; server and library may"
                     " be from different Tactus releases", port_name, slot, client->nports);
        }
        pthread_mutex_unlock(&client->port_lock);
        return NULL;
    }
    p->mine = 1;
    p->client = client;
    p->slot = slot;
    p->is_input = input;
    p->is_midi = midi;
    p->flags = (int) (flags & (JackPortIsPhysical | JackPortCanMonitor | JackPortIsTerminal))
               | (input ? JackPortIsInput : JackPortIsOutput);
    snprintf(p->name, sizeof p->name, "%s:%s", client->name, port_name);
    p->short_name = p->name + strlen(client->name) + 1;
    if (midi) {
        jack_midi_clear_buffer(tj_port_data(client, slot));
    } else {
        memset(tj_port_data(client, slot), 0, (size_t) client->nframes * sizeof(float));
    }
    __atomic_store_n(&p->in_use, 1, __ATOMIC_RELEASE); /* last: the process thread reads the rest after it */
    pthread_mutex_unlock(&client->port_lock);
    return p;
}

int jack_port_unregister(jack_client_t *client, jack_port_t *port) {
    if (!client || !port || !port->mine || port->client != client) {
        tj_error("Tactus libjack: jack_port_unregister: the port is not one of this client's");
        return -1;
    }
    pthread_mutex_lock(&client->port_lock);
    __atomic_store_n(&port->in_use, 0, __ATOMIC_RELEASE); /* stop using the slot before the server may hand it on */
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, port->short_name);
    int result = tj_request_ok(client, TJ_UNREGISTER_PORT, &body, "jack_port_unregister");
    tj_buf_free(&body);
    if (result == 0) {
        port->mine = 0; /* the entry (and a MIDI input's copies) is reused by a later registration */
    } else {
        __atomic_store_n(&port->in_use, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&client->port_lock);
    return result;
}

/* Realtime: an own port's slot in the graph segment; NULL for another client's port. */
void *jack_port_get_buffer(jack_port_t *port, jack_nframes_t nframes) {
    (void) nframes;
    if (!port || !port->mine) {
        return NULL;
    }
    return tj_port_data(port->client, port->slot);
}

uint32_t tj_port_id(const char *name) {
    uint32_t h = 2166136261u; /* FNV-1a: a stable id per port name, the same in every client */
    for (const unsigned char *s = (const unsigned char *) name; *s; s++) {
        h = (h ^ *s) * 16777619u;
    }
    return h ? h : 1;
}

/* The server's id of the port (the subject of its metadata), asked once (DescribePort); 0 when unknown. */
jack_uuid_t jack_port_uuid(const jack_port_t *port) {
    if (!port) {
        return 0;
    }
    int64_t known = __atomic_load_n(&port->uuid, __ATOMIC_ACQUIRE);
    if (known == 0) {
        tj_reply *reply = tj_describe_port(port->client, port->name, "jack_port_uuid");
        if (reply) {
            free(tj_getstr(&reply->body));
            known = tj_get64(&reply->body);
            __atomic_store_n(&((jack_port_t *) port)->uuid, reply->body.failed ? 0 : known, __ATOMIC_RELEASE);
        }
        tj_reply_free(reply);
    }
    return (jack_uuid_t) known;
}

const char *jack_port_name(const jack_port_t *port) {
    return port ? port->name : NULL;
}

const char *jack_port_short_name(const jack_port_t *port) {
    return port ? port->short_name : NULL;
}

int jack_port_flags(const jack_port_t *port) {
    return port ? port->flags : 0;
}

const char *jack_port_type(const jack_port_t *port) {
    if (!port) {
        return NULL;
    }
    return port->is_midi ? JACK_DEFAULT_MIDI_TYPE : JACK_DEFAULT_AUDIO_TYPE;
}

jack_port_type_id_t jack_port_type_id(const jack_port_t *port) {
    return port && port->is_midi ? 1 : 0;
}

int jack_port_is_mine(const jack_client_t *client, const jack_port_t *port) {
    return client && port && port->mine && port->client == client;
}

/* The peers of a port, by name, from the server (one ListPorts); NULL when none or unknown. */
static const char **connections_of(jack_client_t *client, const char *name) {
    port_list list;
    if (!client || fetch_ports(client, 1, &list) != 0) {
        return NULL;
    }
    const port_info *info = find(&list, name);
    const char **result = info ? string_array(info->peers, info->npeers) : NULL;
    port_list_free(&list);
    return result;
}

const char **jack_port_get_connections(const jack_port_t *port) {
    return port ? connections_of(port->client, port->name) : NULL;
}

const char **jack_port_get_all_connections(const jack_client_t *client, const jack_port_t *port) {
    return port ? connections_of((jack_client_t *) client, port->name) : NULL;
}

int jack_port_connected(const jack_port_t *port) {
    const char **peers = jack_port_get_connections(port);
    int count = 0;
    while (peers && peers[count]) {
        count++;
    }
    free(peers);
    return count;
}

int jack_port_connected_to(const jack_port_t *port, const char *port_name) {
    const char **peers = jack_port_get_connections(port);
    int found = 0;
    for (int i = 0; peers && peers[i] && port_name; i++) {
        found |= strcmp(peers[i], port_name) == 0;
    }
    free(peers);
    return found;
}

static jack_port_t *own_port(jack_client_t *client, const char *name) {
    for (int i = 0; i < TJ_MAX_PORTS; i++) {
        jack_port_t *p = &client->ports[i];
        if (p->mine && strcmp(p->name, name) == 0) {
            return p;
        }
    }
    return NULL;
}

static jack_port_t *remember(jack_client_t *client, const port_info *info) {
    for (jack_port_t *p = client->foreign; p; p = p->next) {
        if (strcmp(p->name, info->name) == 0) {
            return p;
        }
    }
    jack_port_t *p = calloc(1, sizeof *p);
    if (!p) {
        return NULL;
    }
    p->client = client;
    p->slot = -1;
    p->is_input = info->is_input;
    p->is_midi = info->type == 1;
    p->flags = flags_of(info->name, info->is_input);
    snprintf(p->name, sizeof p->name, "%s", info->name);
    const char *colon = strchr(p->name, ':');
    p->short_name = colon ? colon + 1 : p->name;
    p->next = client->foreign;
    client->foreign = p;
    return p;
}

jack_port_t *jack_port_by_name(jack_client_t *client, const char *port_name) {
    if (!client || !port_name) {
        return NULL;
    }
    pthread_mutex_lock(&client->port_lock);
    jack_port_t *result = own_port(client, port_name);
    if (!result) {
        port_list list;
        if (fetch_ports(client, 0, &list) == 0) {
            const port_info *info = find(&list, port_name);
            result = info ? remember(client, info) : NULL;
            port_list_free(&list);
        }
    }
    pthread_mutex_unlock(&client->port_lock);
    return result;
}

jack_port_t *jack_port_by_id(jack_client_t *client, jack_port_id_t port_id) {
    if (!client) {
        return NULL;
    }
    jack_port_t *result = NULL;
    port_list list;
    pthread_mutex_lock(&client->port_lock);
    if (fetch_ports(client, 0, &list) == 0) {
        for (int i = 0; i < list.count && !result; i++) {
            if (tj_port_id(list.ports[i].name) == port_id) {
                result = own_port(client, list.ports[i].name);
                result = result ? result : remember(client, &list.ports[i]);
            }
        }
        port_list_free(&list);
    }
    pthread_mutex_unlock(&client->port_lock);
    return result;
}

static int matches(const regex_t *pattern, const char *text) {
    return !pattern || regexec(pattern, text, 0, NULL, 0) == 0;
}

const char **jack_get_ports(jack_client_t *client, const char *port_name_pattern, const char *type_name_pattern,
                            unsigned long flags) {
    if (!client) {
        return NULL;
    }
    regex_t name_regex;
    regex_t type_regex;
    regex_t *by_name = NULL;
    regex_t *by_type = NULL;
    if (port_name_pattern && *port_name_pattern) {
        if (regcomp(&name_regex, port_name_pattern, REG_EXTENDED | REG_NOSUB) != 0) {
            tj_error("Tactus libjack: jack_get_ports: '%s' is not a regular expression", port_name_pattern);
            return NULL;
        }
        by_name = &name_regex;
    }
    if (type_name_pattern && *type_name_pattern) {
        if (regcomp(&type_regex, type_name_pattern, REG_EXTENDED | REG_NOSUB) != 0) {
            tj_error("Tactus libjack: jack_get_ports: '%s' is not a regular expression", type_name_pattern);
            if (by_name) {
                regfree(by_name);
            }
            return NULL;
        }
        by_type = &type_regex;
    }
    const char **result = NULL;
    port_list list;
    if (fetch_ports(client, 0, &list) == 0) {
        char **names = calloc((size_t) list.count + 1, sizeof(char *));
        int count = 0;
        for (int i = 0; names && i < list.count; i++) {
            const port_info *p = &list.ports[i];
            int port_flags = flags_of(p->name, p->is_input);
            const char *type = p->type == 1 ? JACK_DEFAULT_MIDI_TYPE : JACK_DEFAULT_AUDIO_TYPE;
            if ((port_flags & (int) flags) == (int) flags && matches(by_name, p->name) && matches(by_type, type)) {
                names[count++] = p->name;
            }
        }
        result = names ? string_array(names, count) : NULL;
        free(names);
        port_list_free(&list);
    }
    if (by_name) {
        regfree(by_name);
    }
    if (by_type) {
        regfree(by_type);
    }
    return result;
}

/* JACK's EEXIST for a connection that is there already, as programs test for it. */
static int connection_request(jack_client_t *client, int type, const char *source, const char *destination,
                              const char *call, const char *benign) {
    if (!client || !source || !destination) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, source);
    tj_putstr(&body, destination);
    tj_reply *reply = tj_request(client, type, &body);
    tj_buf_free(&body);
    int result = -1;
    if (reply && reply->type == TJ_OK) {
        result = 0; /* the server announces the connection to every client, this one too (PortConnect) */
    } else if (reply && reply->type == TJ_ERROR) {
        char *message = tj_getstr(&reply->body);
        if (benign && message && strstr(message, benign)) {
            result = EEXIST;
        } else {
            tj_error("Tactus libjack: %s: %s", call, message ? message : "refused");
        }
        free(message);
    } else {
        tj_error("Tactus libjack: %s: Tactus server '%s' did not answer", call, client->server);
    }
    tj_reply_free(reply);
    return result;
}

int jack_connect(jack_client_t *client, const char *source_port, const char *destination_port) {
    return connection_request(client, TJ_CONNECT, source_port, destination_port, "jack_connect", "already connected");
}

int jack_disconnect(jack_client_t *client, const char *source_port, const char *destination_port) {
    return connection_request(client, TJ_DISCONNECT, source_port, destination_port, "jack_disconnect", NULL);
}

int jack_port_disconnect(jack_client_t *client, jack_port_t *port) {
    if (!client || !port) {
        return -1;
    }
    const char **peers = connections_of(client, port->name);
    int result = 0;
    for (int i = 0; peers && peers[i]; i++) {
        int r = port->is_input ? jack_disconnect(client, peers[i], port->name)
                               : jack_disconnect(client, port->name, peers[i]);
        result = result ? result : r;
    }
    free(peers);
    return result;
}

int jack_port_name_size(void) {
    return TJ_SERVER_PORT_NAME + 1;
}

int jack_port_type_size(void) {
    return 32;
}

size_t jack_port_type_get_buffer_size(jack_client_t *client, const char *port_type) {
    if (!client || !port_type) {
        return 0;
    }
    if (strcmp(port_type, JACK_DEFAULT_MIDI_TYPE) == 0) {
        return TJ_MIDI_BYTES;
    }
    return strcmp(port_type, JACK_DEFAULT_AUDIO_TYPE) == 0 ? (size_t) client->buffer_size * sizeof(float) : 0;
}
