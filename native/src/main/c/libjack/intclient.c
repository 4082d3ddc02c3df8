/*
 * Internal clients (jack/intclient.h): the server owns them and runs each in a host process of its own
 * (tactus_intclient; docs/ipc-contract.md, "Internal clients"). Every call is one round trip answered by
 * InternalClient(handle, status, name, sentence); a failure's sentence goes through the error function.
 */
#include "internal.h"

#include <jack/intclient.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jack_intclient_t handle;
    jack_status_t status;
    char *name; /* NULL unless asked for */
} answer;

/* One request (a failure's sentence told when tell: JACK tells only a failed load); no answer at all (server gone or too old) is JackFailure|JackServerError. */
static answer ask(jack_client_t *client, int type, tj_buf *body, int want_name, int tell) {
    answer a = { 0, (jack_status_t) (JackFailure | JackServerError), NULL };
    tj_reply *reply = tj_request(client, type, body);
    if (reply && reply->type == TJ_INTERNAL_CLIENT) {
        int64_t handle = tj_get64(&reply->body);
        int32_t status = tj_get32(&reply->body);
        char *name = tj_getstr(&reply->body);
        char *sentence = tj_getstr(&reply->body);
        if (!reply->body.failed) {
            a.handle = (jack_intclient_t) handle;
            a.status = (jack_status_t) status;
            if (tell && sentence && *sentence) {
                tj_error("%s", sentence);
            }
            if (want_name && name && *name) {
                a.name = name;
                name = NULL;
            }
        }
        free(name);
        free(sentence);
    } else if (tell) {
        tj_report(client, reply, "the internal-client call");
    }
    tj_reply_free(reply);
    return a;
}

jack_intclient_t jack_internal_client_load(jack_client_t *client, const char *client_name, jack_options_t options,
                                           jack_status_t *status, ...) {
    jack_status_t local;
    if (!status) {
        status = &local;
    }
    *status = 0;
    if (!client || !client_name) {
        *status = (jack_status_t) (JackFailure | JackInvalidOption);
        return 0;
    }
    if (options & ~JackLoadOptions) {
        *status = (jack_status_t) (JackFailure | JackInvalidOption);
        return 0;
    }
    /* JACK's order of the variable arguments: the load name, then the init string. */
    va_list ap;
    va_start(ap, status);
    const char *load_name = (options & JackLoadName) ? va_arg(ap, const char *) : NULL;
    const char *load_init = (options & JackLoadInit) ? va_arg(ap, const char *) : NULL;
    va_end(ap);
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, client_name);
    tj_putstr(&body, load_name ? load_name : client_name);
    tj_putstr(&body, load_init ? load_init : "");
    tj_putbool(&body, (options & JackUseExactName) != 0);
    answer a = ask(client, TJ_LOAD_INTERNAL_CLIENT, &body, 0, 1);
    tj_buf_free(&body);
    *status = a.status;
    return (a.status & JackFailure) ? 0 : a.handle;
}

jack_intclient_t jack_internal_client_handle(jack_client_t *client, const char *client_name, jack_status_t *status) {
    jack_status_t local;
    if (!status) {
        status = &local;
    }
    if (!client || !client_name) {
        *status = (jack_status_t) (JackFailure | JackNoSuchClient);
        return 0;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_putstr(&body, client_name);
    answer a = ask(client, TJ_INTERNAL_CLIENT_HANDLE, &body, 0, 0);
    tj_buf_free(&body);
    *status = a.status;
    return (a.status & JackFailure) ? 0 : a.handle;
}

jack_status_t jack_internal_client_unload(jack_client_t *client, jack_intclient_t intclient) {
    if (!client) {
        return (jack_status_t) (JackFailure | JackNoSuchClient);
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_put64(&body, (int64_t) intclient);
    answer a = ask(client, TJ_UNLOAD_INTERNAL_CLIENT, &body, 0, 0);
    tj_buf_free(&body);
    return a.status;
}

char *jack_get_internal_client_name(jack_client_t *client, jack_intclient_t intclient) {
    if (!client) {
        return NULL;
    }
    tj_buf body;
    tj_buf_init(&body);
    tj_put64(&body, (int64_t) intclient);
    answer a = ask(client, TJ_INTERNAL_CLIENT_NAME, &body, 1, 0);
    tj_buf_free(&body);
    return a.name;
}
