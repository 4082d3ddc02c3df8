/*
 * The JACK calls Tactus does not have yet (later issues) or at all (sessions, internal clients, port ties and
 * monitoring; intclient.c has internal clients): each exists so that programs link and run, and returns JACK's error value, or
 * accepts a callback it will never call. docs/libjack.md lists every one and what it returns.
 */
#include "internal.h"

#include <jack/metadata.h>
#include <jack/session.h>
#include <jack/statistics.h>
#include <jack/transport.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A process thread of the program's own (jack_set_process_thread): not yet. */
int jack_set_process_thread(jack_client_t *client, JackThreadCallback cb, void *arg) { (void) client; (void) cb; (void) arg; return -1; }
jack_nframes_t jack_cycle_wait(jack_client_t *client) { (void) client; return 0; }
void jack_cycle_signal(jack_client_t *client, int status) { (void) client; (void) status; }
jack_nframes_t jack_thread_wait(jack_client_t *client, int status) { (void) client; (void) status; return 0; }

/* Ties and monitoring: not yet. */
int jack_port_tie(jack_port_t *src, jack_port_t *dst) { (void) src; (void) dst; return -1; }
int jack_port_untie(jack_port_t *port) { (void) port; return -1; }
int jack_port_request_monitor(jack_port_t *port, int onoff) { (void) port; (void) onoff; return -1; }
int jack_port_request_monitor_by_name(jack_client_t *client, const char *port_name, int onoff) { (void) client; (void) port_name; (void) onoff; return -1; }
int jack_port_ensure_monitor(jack_port_t *port, int onoff) { (void) port; (void) onoff; return -1; }
int jack_port_monitoring_input(jack_port_t *port) { (void) port; return 0; }

/* Client lookups Tactus has no message for. */
int jack_get_client_pid(const char *name) { (void) name; return 0; }

/* Internal clients without a client to ask through (JACK1's deprecated calls): Tactus has none. */
int jack_internal_client_new(const char *client_name, const char *load_name, const char *load_init) { (void) client_name; (void) load_name; (void) load_init; return -1; }
void jack_internal_client_close(const char *client_name) { (void) client_name; }

/* Sessions: Tactus has none. */
int jack_set_session_callback(jack_client_t *client, JackSessionCallback cb, void *arg) { (void) client; (void) cb; (void) arg; return -1; }
int jack_session_reply(jack_client_t *client, jack_session_event_t *event) { (void) client; (void) event; return -1; }
void jack_session_event_free(jack_session_event_t *event) {
    if (event) {
        free(event->command_line);
        free(event);
    }
}
jack_session_command_t *jack_session_notify(jack_client_t *client, const char *target, jack_session_event_type_t type,
                                            const char *path) {
    (void) client; (void) target; (void) type; (void) path;
    return NULL;
}
void jack_session_commands_free(jack_session_command_t *cmds) { free(cmds); }
int jack_reserve_client_name(jack_client_t *client, const char *name, const char *uuid) { (void) client; (void) name; (void) uuid; return -1; }
int jack_client_has_session_callback(jack_client_t *client, const char *client_name) { (void) client; (void) client_name; return -1; }

/* Metadata keys (metadata.c has the calls). */
const char *JACK_METADATA_PRETTY_NAME = "http://jackaudio.org/metadata/pretty-name";
const char *JACK_METADATA_HARDWARE = "http://jackaudio.org/metadata/hardware";
const char *JACK_METADATA_CONNECTED = "http://jackaudio.org/metadata/connected";
const char *JACK_METADATA_PORT_GROUP = "http://jackaudio.org/metadata/port-group";
const char *JACK_METADATA_ICON_SMALL = "http://jackaudio.org/metadata/icon-small";
const char *JACK_METADATA_ICON_LARGE = "http://jackaudio.org/metadata/icon-large";
const char *JACK_METADATA_ICON_NAME = "http://jackaudio.org/metadata/icon-name";
const char *JACK_METADATA_ORDER = "http://jackaudio.org/metadata/order";
const char *JACK_METADATA_SIGNAL_TYPE = "http://jackaudio.org/metadata/signal-type";
const char *JACK_METADATA_EVENT_TYPES = "http://jackaudio.org/metadata/event-types";

void jack_free_description(jack_description_t *desc, int free_description_itself) {
    if (!desc) {
        return;
    }
    for (uint32_t i = 0; i < desc->property_cnt; i++) {
        free((char *) desc->properties[i].key);
        free((char *) desc->properties[i].data);
        free((char *) desc->properties[i].type);
    }
    free(desc->properties);
    if (free_description_itself) {
        free(desc);
    }
}
