/*
 * Metadata, UUIDs and statistics, asked of the server (docs/ipc-contract.md, issue 20: Property, ClientUuid,
 * Statistics). Subjects are the server's ids of clients and ports, the same in every client. The JACK calls that
 * take no client (jack_get_property, jack_get_properties, jack_get_all_properties) ask through any open client
 * of the program, as libjack keeps one connection per program. Control path: round trips, not for the process
 * callback.
 */
#include "internal.h"

#include <inttypes.h>
#include <jack/metadata.h>
#include <jack/statistics.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int64_t subject;
    char *key;
    char *value;
    char *type;
} property;

/* One Property request; with `out`, its PropertyList (count in *n); -1 after reporting why. */
static int ask(jack_client_t *c, const char *action, int64_t subject, const char *key, const char *value,
               const char *type, property **out, int *n, const char *what) {
    if (!c) {
        tj_error("%s: no client of this program is open; open one with jack_client_open first", what);
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, action);
    tj_put64(&body, subject);
    tj_putstr(&body, key ? key : "");
    tj_putstr(&body, value ? value : "");
    tj_putstr(&body, type ? type : "");
    tj_reply *reply = tj_request(c, TJ_PROPERTY, &body);
    tj_buf_free(&body);
    int result = -1;
    if (reply && reply->type == TJ_OK && !out) {
        result = 0;
    } else if (reply && reply->type == TJ_PROPERTY_LIST && out) {
        int count = tj_get32(&reply->body);
        property *list = count > 0 ? calloc((size_t) count, sizeof *list) : NULL;
        int read = 0;
        for (int i = 0; i < count && list && !reply->body.failed; i++, read++) {
            list[i].subject = tj_get64(&reply->body);
            list[i].key = tj_getstr(&reply->body);
            list[i].value = tj_getstr(&reply->body);
            list[i].type = tj_getstr(&reply->body);
        }
        *out = list;
        *n = reply->body.failed || (count > 0 && !list) ? 0 : read;
        result = 0;
    } else {
        tj_report(c, reply, what);
    }
    tj_reply_free(reply);
    return result;
}

static void free_properties(property *list, int n) {
    for (int i = 0; i < n; i++) {
        free(list[i].key);
        free(list[i].value);
        free(list[i].type);
    }
    free(list);
}

int jack_set_property(jack_client_t *client, jack_uuid_t subject, const char *key, const char *value, const char *type) {
    return ask(client, "set", (int64_t) subject, key, value, type, NULL, NULL, "jack_set_property");
}

/* Found: 0, *value and *type (NULL for a plain string) allocated for jack_free; not found: -1. */
int jack_get_property(jack_uuid_t subject, const char *key, char **value, char **type) {
    property *list = NULL;
    int n = 0;
    if (ask(tj_any_client(), "get", (int64_t) subject, key, NULL, NULL, &list, &n, "jack_get_property") != 0 || n == 0) {
        free_properties(list, n);
        return -1;
    }
    if (value) {
        *value = list[0].value;
        list[0].value = NULL;
    }
    if (type) {
        *type = list[0].type && *list[0].type ? list[0].type : NULL;
        if (*type) {
            list[0].type = NULL;
        }
    }
    free_properties(list, n);
    return 0;
}

/* Moves properties [from, to) of the list into a description of their subject. */
static void describe(jack_description_t *desc, property *list, int from, int to) {
    memset(desc, 0, sizeof *desc);
    desc->subject = (jack_uuid_t) list[from].subject;
    desc->properties = calloc((size_t) (to - from), sizeof *desc->properties);
    if (!desc->properties) {
        return;
    }
    for (int i = from; i < to; i++) {
        jack_property_t *p = &desc->properties[desc->property_cnt++];
        p->key = list[i].key;
        p->data = list[i].value;
        p->type = list[i].type && *list[i].type ? list[i].type : NULL;
        if (!p->type) {
            free(list[i].type);
        }
        list[i].key = list[i].value = list[i].type = NULL;
    }
    desc->property_size = desc->property_cnt;
}

int jack_get_properties(jack_uuid_t subject, jack_description_t *desc) {
    if (!desc) {
        return -1;
    }
    memset(desc, 0, sizeof *desc);
    property *list = NULL;
    int n = 0;
    if (ask(tj_any_client(), "list", (int64_t) subject, NULL, NULL, NULL, &list, &n, "jack_get_properties") != 0) {
        return -1;
    }
    if (n > 0) {
        describe(desc, list, 0, n);
    }
    desc->subject = subject;
    free_properties(list, n);
    return (int) desc->property_cnt;
}

/* One description per subject, in the server's order (a subject's properties together). */
int jack_get_all_properties(jack_description_t **descs) {
    if (!descs) {
        return -1;
    }
    *descs = NULL;
    property *list = NULL;
    int n = 0;
    if (ask(tj_any_client(), "list-all", 0, NULL, NULL, NULL, &list, &n, "jack_get_all_properties") != 0) {
        return -1;
    }
    int subjects = 0;
    for (int i = 0; i < n; i++) {
        subjects += i == 0 || list[i].subject != list[i - 1].subject;
    }
    jack_description_t *all = subjects > 0 ? calloc((size_t) subjects, sizeof *all) : NULL;
    int made = 0;
    for (int i = 0; i < n && all; ) {
        int j = i;
        while (j < n && list[j].subject == list[i].subject) {
            j++;
        }
        describe(&all[made++], list, i, j);
        i = j;
    }
    free_properties(list, n);
    *descs = all;
    return all ? made : 0;
}

int jack_remove_property(jack_client_t *client, jack_uuid_t subject, const char *key) {
    return ask(client, "remove", (int64_t) subject, key, NULL, NULL, NULL, NULL, "jack_remove_property");
}

/* The number of properties removed, or -1. */
int jack_remove_properties(jack_client_t *client, jack_uuid_t subject) {
    property *list = NULL;
    int n = 0;
    if (ask(client, "remove-subject", (int64_t) subject, NULL, NULL, NULL, &list, &n, "jack_remove_properties") != 0) {
        return -1;
    }
    free_properties(list, n);
    return n;
}

int jack_remove_all_properties(jack_client_t *client) {
    return ask(client, "remove-all", 0, NULL, NULL, NULL, NULL, NULL, "jack_remove_all_properties");
}

static char *uuid_text(int64_t uuid) {
    char *text = malloc(JACK_UUID_STRING_SIZE);
    if (text) {
        jack_uuid_unparse((jack_uuid_t) uuid, text);
    }
    return text;
}

/* The client's id from Welcome, as text (jack_free it). */
char *jack_client_get_uuid(jack_client_t *client) {
    return client ? uuid_text(client->uuid) : NULL;
}

char *jack_get_uuid_for_client_name(jack_client_t *client, const char *client_name) {
    if (!client || !client_name) {
        return NULL;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, client_name);
    tj_reply *reply = tj_request(client, TJ_CLIENT_UUID, &body);
    tj_buf_free(&body);
    char *text = NULL;
    if (reply && reply->type == TJ_UUID) {
        int64_t uuid = tj_get64(&reply->body);
        text = reply->body.failed ? NULL : uuid_text(uuid);
    }
    tj_reply_free(reply); /* an unknown name is NULL, as in JACK, without a message */
    return text;
}

/* The name of the client with that uuid (jack_free it); NULL, without a message, for an id no client has. */
char *jack_get_client_name_by_uuid(jack_client_t *client, const char *client_uuid) {
    jack_uuid_t uuid;
    if (!client || !client_uuid || jack_uuid_parse(client_uuid, &uuid) != 0) {
        return NULL;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_put64(&body, (int64_t) uuid);
    tj_reply *reply = tj_request(client, TJ_CLIENT_NAME_BY_UUID, &body);
    tj_buf_free(&body);
    char *name = NULL;
    if (reply && reply->type == TJ_CLIENT_NAME) {
        name = tj_getstr(&reply->body);
        if (reply->body.failed) {
            free(name);
            name = NULL;
        }
    }
    tj_reply_free(reply);
    return name;
}

/* cpu load, max delayed, xrun delayed: the server's Statistics; zeros when it does not answer. */
static int statistics(jack_client_t *client, int reset, double figures[3]) {
    figures[0] = figures[1] = figures[2] = 0;
    if (!client) {
        return -1;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putbool(&body, reset);
    tj_reply *reply = tj_request(client, TJ_STATISTICS, &body);
    tj_buf_free(&body);
    int result = -1;
    if (reply && reply->type == TJ_STATISTICS_REPORT) {
        for (int i = 0; i < 3; i++) {
            figures[i] = tj_getf64(&reply->body);
        }
        result = reply->body.failed ? -1 : 0;
    }
    tj_reply_free(reply);
    return result;
}

float jack_cpu_load(jack_client_t *client) {
    double figures[3];
    statistics(client, 0, figures);
    return (float) figures[0];
}

float jack_get_max_delayed_usecs(jack_client_t *client) {
    double figures[3];
    statistics(client, 0, figures);
    return (float) figures[1];
}

float jack_get_xrun_delayed_usecs(jack_client_t *client) {
    double figures[3];
    statistics(client, 0, figures);
    return (float) figures[2];
}

void jack_reset_max_delayed_usecs(jack_client_t *client) {
    double figures[3];
    statistics(client, 1, figures);
}
