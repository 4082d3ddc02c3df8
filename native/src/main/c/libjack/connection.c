/*
 * The control connection (docs/ipc-contract.md, "Connection"): frames on the server's Unix socket, one
 * request at a time answered by its reply, read by a reader thread that also takes the notifications.
 * Callbacks the notifications call run on a notifier thread of their own, so that a callback may itself
 * ask the server something (the reader must stay free to read that reply).
 */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* $TACTUS_RUNTIME_DIR (tests), else $XDG_RUNTIME_DIR/tactus when writable, else /tmp/tactus-<uid>. */
static void runtime_directory(char *out, size_t size) {
    const char *override = getenv("TACTUS_RUNTIME_DIR");
    if (override && *override) {
        snprintf(out, size, "%s", override);
        return;
    }
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    struct stat st;
    if (xdg && xdg[0] == '/' && stat(xdg, &st) == 0 && S_ISDIR(st.st_mode) && access(xdg, W_OK) == 0) {
        snprintf(out, size, "%s/tactus", xdg);
        return;
    }
    snprintf(out, size, "/tmp/tactus-%u", (unsigned) getuid());
}

int tj_connect_socket(const char *server, char *why, size_t why_size) {
    char directory[4096];
    runtime_directory(directory, sizeof directory);
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    int n = snprintf(address.sun_path, sizeof address.sun_path, "%s/%s.sock", directory, server);
    if (n < 0 || (size_t) n >= sizeof address.sun_path) {
        snprintf(why, why_size, "the socket path of Tactus server '%s' is too long; choose a shorter server name",
                 server);
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(why, why_size, "cannot create a socket: %s", strerror(errno));
        return -1;
    }
    if (connect(fd, (struct sockaddr *) &address, sizeof address) != 0) {
        close(fd);
        snprintf(why, why_size, "no Tactus server named '%s' is running; start one with ./tactus server", server);
        return -1;
    }
    return fd;
}

static int write_all(int fd, const unsigned char *data, size_t length) {
    while (length > 0) {
        ssize_t n = send(fd, data, length, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return -1;
        }
        data += n;
        length -= (size_t) n;
    }
    return 0;
}

static int read_all(int fd, unsigned char *data, size_t length) {
    while (length > 0) {
        ssize_t n = read(fd, data, length);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return -1;
        }
        data += n;
        length -= (size_t) n;
    }
    return 0;
}

int tj_send_frame(int fd, int type, int32_t request_id, const tj_buf *body) {
    tj_buf frame;
    tj_buf_init(&frame);
    size_t body_length = body ? body->length : 0;
    tj_put32(&frame, (int32_t) (8 + body_length));
    tj_put16(&frame, TJ_PROTOCOL_VERSION);
    tj_put16(&frame, type);
    tj_put32(&frame, request_id);
    int result = -1;
    if (!frame.failed && (!body || !body->failed) && 8 + body_length <= TJ_MAX_FRAME) {
        result = write_all(fd, frame.data, frame.length);
        if (result == 0 && body_length > 0) {
            result = write_all(fd, body->data, body_length);
        }
    }
    tj_buf_free(&frame);
    return result;
}

int tj_read_frame(int fd, int *type, int32_t *request_id, tj_buf *body) {
    unsigned char prefix[4];
    if (read_all(fd, prefix, 4) != 0) {
        return -1;
    }
    uint32_t length = (uint32_t) prefix[0] << 24 | (uint32_t) prefix[1] << 16 | (uint32_t) prefix[2] << 8 | prefix[3];
    if (length < 8 || length > TJ_MAX_FRAME) {
        return -1;
    }
    tj_buf frame;
    tj_buf_init(&frame);
    frame.data = malloc(length);
    if (!frame.data || read_all(fd, frame.data, length) != 0) {
        tj_buf_free(&frame);
        return -1;
    }
    frame.length = length;
    frame.capacity = length;
    int version = tj_get16(&frame);
    *type = tj_get16(&frame);
    *request_id = tj_get32(&frame);
    if (version != TJ_PROTOCOL_VERSION) {
        tj_buf_free(&frame);
        return -1;
    }
    /* The body is what follows the header: hand over the buffer with its read position past the header. */
    *body = frame;
    return 0;
}

void tj_reply_free(tj_reply *r) {
    if (r) {
        tj_buf_free(&r->body);
        free(r);
    }
}

static void notify(jack_client_t *c, int xrun, int graph_order) {
    pthread_mutex_lock(&c->notify_lock);
    c->pending_xruns += xrun;
    c->pending_graph_order |= graph_order;
    pthread_cond_signal(&c->notify_cond);
    pthread_mutex_unlock(&c->notify_lock);
}

void tj_tell_shutdown(jack_client_t *c, const char *reason) {
    if (__atomic_load_n(&c->closing, __ATOMIC_ACQUIRE) || __atomic_exchange_n(&c->shutdown_told, 1, __ATOMIC_ACQ_REL)) {
        return;
    }
    pthread_mutex_lock(&c->notify_lock);
    free(c->shutdown_reason);
    c->shutdown_reason = strdup(reason);
    c->pending_shutdown = 1;
    pthread_cond_signal(&c->notify_cond);
    pthread_mutex_unlock(&c->notify_lock);
}

static void *reader_main(void *arg) {
    jack_client_t *c = arg;
    char *reason = NULL;
    for (;;) {
        int type;
        int32_t id;
        tj_buf body;
        if (tj_read_frame(c->fd, &type, &id, &body) != 0) {
            break;
        }
        if (type == TJ_SHUTDOWN) {
            free(reason);
            reason = tj_getstr(&body);
            tj_process_stop(c);
            tj_tell_shutdown(c, reason ? reason : "shut down by the server");
            tj_buf_free(&body);
            continue;
        }
        if (type == TJ_XRUN || type == TJ_GRAPH_ORDER) {
            notify(c, type == TJ_XRUN, type == TJ_GRAPH_ORDER);
            tj_buf_free(&body);
            continue;
        }
        if (id == 0 && type > TJ_GRAPH_ORDER) {
            struct tj_event *event = tj_event_read(type, &body);
            if (event && (!tj_event_is_graph(event) || __atomic_load_n(&c->hearing, __ATOMIC_ACQUIRE))) {
                tj_enqueue(c, event);
            } else {
                tj_event_free(event);
            }
            tj_buf_free(&body);
            continue;
        }
        pthread_mutex_lock(&c->reply_lock);
        if (id != 0 && id == c->awaited && !c->reply) {
            tj_reply *reply = malloc(sizeof *reply);
            if (reply) {
                reply->type = type;
                reply->body = body;
                c->reply = reply;
                pthread_cond_broadcast(&c->reply_cond);
                pthread_mutex_unlock(&c->reply_lock);
                continue;
            }
        } else if (type == TJ_ERROR && id == 0 && !reason) {
            reason = tj_getstr(&body); /* the server refuses the connection and closes it */
        }
        pthread_mutex_unlock(&c->reply_lock);
        tj_buf_free(&body);
    }
    const char *why = reason ? reason : "server gone";
    pthread_mutex_lock(&c->reply_lock);
    c->ended = 1;
    if (!c->end_reason) {
        c->end_reason = strdup(why);
    }
    pthread_cond_broadcast(&c->reply_cond);
    pthread_mutex_unlock(&c->reply_lock);
    tj_process_stop(c);
    tj_tell_shutdown(c, why);
    free(reason);
    return NULL;
}

int tj_start_reader(jack_client_t *c) {
    if (tj_thread_create(&c->reader, reader_main, c) != 0) {
        return -1;
    }
    c->reader_started = 1;
    return 0;
}

/* Closes the socket (the reader then meets EOF) and waits for the reader to end. */
void tj_stop_reader(jack_client_t *c) {
    if (c->fd >= 0) {
        shutdown(c->fd, SHUT_RDWR);
    }
    if (c->reader_started) {
        pthread_join(c->reader, NULL);
        c->reader_started = 0;
    }
    if (c->fd >= 0) {
        close(c->fd);
        c->fd = -1;
    }
}

tj_reply *tj_request(jack_client_t *c, int type, tj_buf *body) {
    pthread_mutex_lock(&c->request_lock);
    pthread_mutex_lock(&c->reply_lock);
    if (c->ended) {
        pthread_mutex_unlock(&c->reply_lock);
        pthread_mutex_unlock(&c->request_lock);
        return NULL;
    }
    c->next_request = c->next_request == INT32_MAX ? 1 : c->next_request + 1;
    int32_t id = c->next_request;
    c->awaited = id;
    c->reply = NULL;
    pthread_mutex_unlock(&c->reply_lock);

    tj_reply *reply = NULL;
    if (tj_send_frame(c->fd, type, id, body) == 0) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += TJ_REPLY_TIMEOUT_SECONDS;
        pthread_mutex_lock(&c->reply_lock);
        while (!c->reply && !c->ended) {
            if (pthread_cond_timedwait(&c->reply_cond, &c->reply_lock, &deadline) == ETIMEDOUT) {
                break;
            }
        }
        reply = c->reply;
        c->reply = NULL;
        c->awaited = 0;
        pthread_mutex_unlock(&c->reply_lock);
    }
    pthread_mutex_unlock(&c->request_lock);
    return reply;
}

int tj_request_ok(jack_client_t *c, int type, tj_buf *body, const char *what) {
    tj_reply *reply = tj_request(c, type, body);
    int result = -1;
    if (!reply) {
        tj_error("%s: Tactus server '%s' did not answer; it may have stopped", what, c->server);
    } else if (reply->type == TJ_OK) {
        result = 0;
    } else if (reply->type == TJ_ERROR) {
        char *message = tj_getstr(&reply->body);
        tj_error("%s: %s", what, message ? message : "refused by the server");
        free(message);
    } else {
        tj_error("%s: the server answered with message %d, which does not fit; server and library may be from"
                 " different Tactus releases", what, reply->type);
    }
    tj_reply_free(reply);
    return result;
}

static void *notifier_main(void *arg) {
    jack_client_t *c = arg;
    pthread_mutex_lock(&c->notify_lock);
    for (;;) {
        while (!c->notifier_stop && !c->pending_shutdown && !c->pending_xruns && !c->pending_graph_order
               && !c->events) {
            pthread_cond_wait(&c->notify_cond, &c->notify_lock);
        }
        if (c->pending_shutdown) {
            c->pending_shutdown = 0;
            char *reason = c->shutdown_reason;
            c->shutdown_reason = NULL;
            pthread_mutex_unlock(&c->notify_lock);
            if (c->on_info_shutdown) {
                c->on_info_shutdown((jack_status_t) (JackFailure | JackServerError), reason ? reason : "server gone",
                                    c->on_info_shutdown_arg);
            }
            if (c->on_shutdown) {
                c->on_shutdown(c->on_shutdown_arg);
            }
            free(reason);
            pthread_mutex_lock(&c->notify_lock);
            continue;
        }
        if (c->notifier_stop) {
            break;
        }
        struct tj_event *events = c->events;
        c->events = NULL;
        c->events_end = &c->events;
        int xruns = c->pending_xruns;
        int graph_order = c->pending_graph_order;
        c->pending_xruns = 0;
        c->pending_graph_order = 0;
        pthread_mutex_unlock(&c->notify_lock);
        for (int i = 0; i < xruns && c->on_xrun; i++) {
            c->on_xrun(c->on_xrun_arg);
        }
        while (events) {
            struct tj_event *next = events->next;
            tj_event_tell(c, events);
            tj_event_free(events);
            events = next;
        }
        if (graph_order && c->on_graph_order) {
            c->on_graph_order(c->on_graph_order_arg);
        }
        pthread_mutex_lock(&c->notify_lock);
    }
    while (c->events) {
        struct tj_event *next = c->events->next;
        tj_event_free(c->events);
        c->events = next;
    }
    c->events_end = &c->events;
    pthread_mutex_unlock(&c->notify_lock);
    return NULL;
}

void tj_notify_start(jack_client_t *c) {
    if (tj_thread_create(&c->notifier, notifier_main, c) == 0) {
        c->notifier_started = 1;
    }
}

void tj_notify_stop(jack_client_t *c) {
    if (!c->notifier_started) {
        return;
    }
    pthread_mutex_lock(&c->notify_lock);
    c->notifier_stop = 1;
    pthread_cond_signal(&c->notify_cond);
    pthread_mutex_unlock(&c->notify_lock);
    if (!pthread_equal(pthread_self(), c->notifier)) {
        pthread_join(c->notifier, NULL);
    } else {
        pthread_detach(c->notifier);
    }
    c->notifier_started = 0;
}
