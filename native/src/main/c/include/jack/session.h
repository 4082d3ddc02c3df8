/* Tactus libjack: JACK's session calls (session.h), declared from JACK's documented ABI; Tactus has no sessions. */
#ifndef TACTUS_JACK_SESSION_H
#define TACTUS_JACK_SESSION_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

enum JackSessionEventType {
    JackSessionSave = 1,
    JackSessionSaveAndQuit = 2,
    JackSessionSaveTemplate = 3
};
typedef enum JackSessionEventType jack_session_event_type_t;

enum JackSessionFlags {
    JackSessionSaveError = 0x01,
    JackSessionNeedTerminal = 0x02
};
typedef enum JackSessionFlags jack_session_flags_t;

struct _jack_session_event {
    jack_session_event_type_t type;
    const char *session_dir;
    const char *client_uuid;
    char *command_line;
    jack_session_flags_t flags;
    uint32_t future;
};
typedef struct _jack_session_event jack_session_event_t;
typedef void (*JackSessionCallback)(jack_session_event_t *event, void *arg);

typedef struct {
    const char *uuid;
    const char *client_name;
    const char *command;
    jack_session_flags_t flags;
} jack_session_command_t;

int jack_set_session_callback(jack_client_t *client, JackSessionCallback session_callback, void *arg);
int jack_session_reply(jack_client_t *client, jack_session_event_t *event);
void jack_session_event_free(jack_session_event_t *event);
char *jack_client_get_uuid(jack_client_t *client);
jack_session_command_t *jack_session_notify(jack_client_t *client, const char *target,
                                            jack_session_event_type_t type, const char *path);
void jack_session_commands_free(jack_session_command_t *cmds);
int jack_reserve_client_name(jack_client_t *client, const char *name, const char *uuid);
int jack_client_has_session_callback(jack_client_t *client, const char *client_name);

#ifdef __cplusplus
}
#endif
#endif
