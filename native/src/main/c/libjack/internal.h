/*
 * Tactus libjack internals: one client = one control connection (a reader thread for replies and
 * notifications), one mapping of the server's graph segment, one process thread that joins the shared
 * graph as io.tactus.ipc.client.ProcessThread does (docs/ipc-contract.md, docs/libjack.md).
 */
#ifndef TACTUS_LIBJACK_INTERNAL_H
#define TACTUS_LIBJACK_INTERNAL_H

#include <jack/jack.h>
#include <jack/midiport.h>
#include <jack/uuid.h>
#include <jack/metadata.h>
#include <jack/transport.h>
#include <pthread.h>
#include <stdint.h>
#include <stddef.h>

#define TJ_PROTOCOL_VERSION 7
#define TJ_MAX_FRAME 65536
#define TJ_MAX_NAME 255
#define TJ_MAX_FULL_NAME (2 * TJ_MAX_NAME + 1)
/* The server's own limits (io.tactus.server.graph.Graph), in characters: what the name-size calls report. */
#define TJ_SERVER_CLIENT_NAME 64
#define TJ_SERVER_PORT_NAME 256
#define TJ_MAX_PORTS 64
#define TJ_REPLY_TIMEOUT_SECONDS 10

/* Message codes (io.tactus.ipc.MessageType). */
enum {
    TJ_HELLO = 1, TJ_REGISTER_PORT = 2, TJ_UNREGISTER_PORT = 3, TJ_CONNECT = 4, TJ_DISCONNECT = 5,
    TJ_ACTIVATE = 6, TJ_DEACTIVATE = 7, TJ_LIST_PORTS = 8, TJ_STATUS = 9, TJ_GOODBYE = 10,
    TJ_TRANSPORT_QUERY = 12, TJ_TRANSPORT_REQUEST = 13,
    TJ_WELCOME = 64, TJ_OK = 65, TJ_ERROR = 66, TJ_PORT_LIST = 67, TJ_STATUS_REPORT = 68, TJ_PORT_SLOT = 71,
    TJ_SHUTDOWN = 128, TJ_XRUN = 129, TJ_GRAPH_ORDER = 130,
    /* Protocol 6: graph notifications, latency, run-time switches, port queries, metadata, sync and timebase. */
    TJ_DESCRIBE_PORT = 21, TJ_ALIAS = 23, TJ_RENAME_PORT = 24, TJ_STATISTICS = 25, TJ_PROPERTY = 26,
    TJ_CLIENT_UUID = 27, TJ_SET_LATENCY_RANGE = 28, TJ_GET_LATENCY_RANGE = 29, TJ_RECOMPUTE_LATENCIES = 30,
    TJ_SET_BUFFER_SIZE = 32, TJ_SET_FREEWHEEL = 33, TJ_SET_SYNC_CALLBACK = 36, TJ_SET_SYNC_TIMEOUT = 37,
    TJ_SET_TIMEBASE = 38, TJ_RELEASE_TIMEBASE = 39,
    TJ_PORT_DESCRIPTION = 81, TJ_STATISTICS_REPORT = 82, TJ_PROPERTY_LIST = 83, TJ_UUID = 84,
    TJ_LATENCY_REPORT = 86,
    /* Internal clients (issue 21). */
    TJ_LOAD_INTERNAL_CLIENT = 40, TJ_INTERNAL_CLIENT_HANDLE = 41, TJ_UNLOAD_INTERNAL_CLIENT = 42,
    TJ_INTERNAL_CLIENT_NAME = 43, TJ_INTERNAL_CLIENT = 88,
    TJ_CLIENT_REGISTRATION = 131, TJ_PORT_REGISTRATION = 132, TJ_PORT_CONNECT = 133, TJ_PORT_RENAME = 134,
    TJ_LATENCY = 135, TJ_BUFFER_SIZE_CHANGED = 141, TJ_FREEWHEEL_CHANGED = 142, TJ_PROPERTY_CHANGED = 151,
    /* Client names by uuid (issue 21). */
    TJ_CLIENT_NAME_BY_UUID = 48, TJ_CLIENT_NAME = 96
};

/* Graph segment layout (io.tactus.ipc.graph.GraphLayout). */
#define TJ_MAGIC 0x46524754
#define TJ_SEGMENT_VERSION 5
#define TJ_MAX_SUCCESSORS 30
#define TJ_MAX_SOURCES 15
#define TJ_CACHE_LINE 64
#define TJ_HEADER_BYTES (8 * TJ_CACHE_LINE)
#define TJ_RECORD_BYTES (8 * TJ_CACHE_LINE)
#define TJ_PORT_HEADER_BYTES (3 * TJ_CACHE_LINE)
#define TJ_MIDI_BYTES 4096
#define TJ_OFF_CYCLE 64
#define TJ_OFF_PLAN_BANK 72
#define TJ_OFF_PERIOD_FRAMES 48
#define TJ_OFF_FREEWHEEL 52
/* A record's transport answers (sync, the timebase master's BBT): record +384. */
#define TJ_OFF_ANSWERS 384
#define TJ_OFF_CLOCK 128
#define TJ_CLOCK_BANK_BYTES 64
/* Within a clock bank: the stamped cycle's nframes (int), read with the stamp under its sequence word. */
#define TJ_CLOCK_PERIOD_FRAMES 40
#define TJ_OFF_TRANSPORT 256
#define TJ_TRANSPORT_BANK_BYTES 128
/* Failed reads of a bank before a reader turns to the other bank, then settles (an engine that died mid-stamp). */
#define TJ_TRIES_PER_BANK 1024

/* A growing byte buffer: a frame being written (big-endian) or read. */
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t read;
    int failed; /* a write that could not grow, or a read past the end */
} tj_buf;

void tj_buf_init(tj_buf *b);
void tj_buf_free(tj_buf *b);
void tj_put16(tj_buf *b, int v);
void tj_put32(tj_buf *b, int32_t v);
void tj_put64(tj_buf *b, int64_t v);
void tj_putf64(tj_buf *b, double v);
void tj_putbool(tj_buf *b, int v);
void tj_putstr(tj_buf *b, const char *s);
int tj_get16(tj_buf *b);
int32_t tj_get32(tj_buf *b);
int64_t tj_get64(tj_buf *b);
double tj_getf64(tj_buf *b);
int tj_getbool(tj_buf *b);
/* A string read into a fresh NUL-terminated allocation (NULL on a short frame); the caller frees it. */
char *tj_getstr(tj_buf *b);

/* One reply: its type and body, owned by whoever asked. */
typedef struct {
    int type;
    tj_buf body;
} tj_reply;

struct _jack_port {
    jack_client_t *client;
    int mine;
    int in_use;  /* mine: registered (atomic; the process thread reads it) */
    int slot;
    int is_input;
    int is_midi;
    int flags;
    int64_t uuid;              /* the server's id (metadata subject), 0 until asked */
    char name[TJ_MAX_FULL_NAME + 1];
    const char *short_name;
    unsigned char *snapshots; /* a MIDI input's private copies of its sources, TJ_MAX_SOURCES blocks */
    struct _jack_port *next;  /* ports of other clients this client looked up, freed at close */
};

struct _jack_client {
    char name[TJ_MAX_NAME + 1];
    char server[TJ_MAX_NAME + 1];
    int fd;

    /* The control connection. */
    pthread_t reader;
    int reader_started;
    pthread_mutex_t request_lock; /* one request at a time */
    pthread_mutex_t reply_lock;
    pthread_cond_t reply_cond;
    int32_t next_request;
    int32_t awaited;
    tj_reply *reply;      /* under reply_lock: the awaited reply, once it arrived */
    int ended;            /* under reply_lock: the connection is over */
    char *end_reason;     /* under reply_lock */
    int closing;

    /* Welcome. */
    int32_t sample_rate;
    int32_t buffer_size;
    int32_t record;
    int32_t process_priority;
    int64_t server_pid;
    int64_t uuid;         /* the client's id, the subject of its metadata */

    /* The graph segment. */
    unsigned char *segment;
    size_t segment_size;
    int records;
    int nports;
    int nframes;          /* this cycle's period (header +48), read by the process thread each cycle */
    int freewheel;        /* the last cycle's freewheel state (header +52), process thread */
    int slot_frames;      /* the largest period a slot holds (header +24) */
    size_t ports_start;
    size_t port_stride;

    /* Ports: own ones in a fixed table the process thread scans; others looked up by name. */
    pthread_mutex_t port_lock;
    jack_port_t ports[TJ_MAX_PORTS];
    jack_port_t *foreign;

    /* The process thread. */
    pthread_t process;
    int process_started;
    pthread_mutex_t gate;
    pthread_cond_t gate_cond;
    int begun;        /* under gate */
    int looping;      /* under gate */
    int running;      /* atomic */
    int tid;
    int realtime;     /* the thread runs SCHED_FIFO */
    int active;
    int failed;       /* atomic: the callback returned non-zero; it is not called again */
    long long cycles; /* atomic */
    int64_t reading_cycle; /* the cycle the process thread runs, -1 between; read only on that thread */
    JackProcessCallback process_callback;
    void *process_arg;
    JackThreadInitCallback thread_init;
    void *thread_init_arg;
    /* Called on the process thread between cycles (a switch) or in its cycle (sync, timebase). */
    JackBufferSizeCallback on_buffer_size;
    void *on_buffer_size_arg;
    JackFreewheelCallback on_freewheel;
    void *on_freewheel_arg;
    JackSyncCallback sync_callback;     /* atomic */
    void *sync_arg;
    JackTimebaseCallback timebase_callback; /* atomic */
    void *timebase_arg;
    int timebase_was_master;  /* process thread: filled BBT in the cycle before */
    int64_t timebase_filled_for;

    /* Notifications, told on their own thread so that callbacks may call the server. */
    pthread_t notifier;
    int notifier_started;
    pthread_mutex_t notify_lock;
    pthread_cond_t notify_cond;
    int pending_xruns;        /* under notify_lock */
    int pending_graph_order;  /* under notify_lock */
    int pending_shutdown;     /* under notify_lock */
    char *shutdown_reason;    /* under notify_lock */
    int notifier_stop;        /* under notify_lock */
    int shutdown_told;
    JackShutdownCallback on_shutdown;
    void *on_shutdown_arg;
    JackInfoShutdownCallback on_info_shutdown;
    void *on_info_shutdown_arg;
    JackXRunCallback on_xrun;
    void *on_xrun_arg;
    JackGraphOrderCallback on_graph_order;
    void *on_graph_order_arg;
    JackPortConnectCallback on_connect;
    void *on_connect_arg;
    JackClientRegistrationCallback on_client_registration;
    void *on_client_registration_arg;
    JackPortRegistrationCallback on_port_registration;
    void *on_port_registration_arg;
    JackPortRenameCallback on_port_rename;
    void *on_port_rename_arg;
    JackLatencyCallback on_latency;
    void *on_latency_arg;
    JackPropertyChangeCallback on_property_change;
    void *on_property_change_arg;
    struct tj_event *events;      /* under notify_lock, oldest first */
    struct tj_event **events_end; /* under notify_lock */
    int64_t last_sequence;        /* notifier thread: the last graph notification's number */
    int hearing;                  /* atomic: active, so graph notifications are told (JACK's rule) */
};

/* A notification from the server, told to its callback on the notifier thread in the order it came. */
enum { TJ_EV_CLIENT, TJ_EV_PORT, TJ_EV_CONNECT, TJ_EV_RENAME, TJ_EV_LATENCY, TJ_EV_PROPERTY, TJ_EV_BUFFER_SIZE,
       TJ_EV_FREEWHEEL };
struct tj_event {
    int kind;
    int64_t sequence;   /* graph notifications: the server's count, 0 for the others */
    int flag;           /* registered, connected, playback, change, on, nframes */
    int64_t subject;
    char *first;        /* names: client, port, source, old name, key */
    char *second;       /* destination, new name */
    struct tj_event *next;
};

/* thread.c: a library thread, with the program's asynchronous signals blocked so that they reach its own threads. */
int tj_thread_create(pthread_t *thread, void *(*start)(void *), void *arg);

/* log.c */
void tj_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
void tj_info(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* connection.c */
int tj_connect_socket(const char *server, char *why, size_t why_size);
int tj_start_reader(jack_client_t *c);
/* Sends one request and waits for its reply; NULL when the connection ended or no reply came in time. */
tj_reply *tj_request(jack_client_t *c, int type, tj_buf *body);
void tj_reply_free(tj_reply *r);
/* A request answered by Ok: 0, or -1 after reporting the server's sentence through the error function. */
int tj_request_ok(jack_client_t *c, int type, tj_buf *body, const char *what);
int tj_send_frame(int fd, int type, int32_t request_id, const tj_buf *body);
int tj_read_frame(int fd, int *type, int32_t *request_id, tj_buf *body);
void tj_stop_reader(jack_client_t *c);
void tj_notify_start(jack_client_t *c);
void tj_notify_stop(jack_client_t *c);
void tj_tell_shutdown(jack_client_t *c, const char *reason);
/* events.c: a notification frame made an event (NULL for another type), and an event told to its callback. */
struct tj_event *tj_event_read(int type, tj_buf *body);
/* A client, graph, connection, rename or latency event: told only while the client is active, as JACK does. */
int tj_event_is_graph(const struct tj_event *e);
/* At activation: the client's own ports told to itself as registered, as JACK's engine announces them then. */
void tj_announce_own_ports(jack_client_t *c);
void tj_event_tell(jack_client_t *c, struct tj_event *e);
void tj_event_free(struct tj_event *e);
void tj_enqueue(jack_client_t *c, struct tj_event *e);
/* A reply's Error sentence through the error function; for replies other than Ok. */
void tj_report(jack_client_t *c, tj_reply *reply, const char *what);
/* A port's id (jack_port_id_t): a hash of its full name, the same in every client. */
uint32_t tj_port_id(const char *name);

/* segment.c */
int tj_map_segment(jack_client_t *c, const char *path, char *why, size_t why_size);
void tj_unmap_segment(jack_client_t *c);
static inline unsigned char *tj_at(const jack_client_t *c, size_t offset) { return c->segment + offset; }
static inline size_t tj_record_offset(int record) { return TJ_HEADER_BYTES + (size_t) record * TJ_RECORD_BYTES; }
static inline size_t tj_port_offset(const jack_client_t *c, int port) { return c->ports_start + (size_t) port * c->port_stride; }
static inline void *tj_port_data(const jack_client_t *c, int port) { return c->segment + tj_port_offset(c, port) + TJ_PORT_HEADER_BYTES; }
int tj_futex_wait(int32_t *address, int32_t expected, long timeout_nanos);
void tj_futex_wake(int32_t *address, int count);
int64_t tj_now_nanos(void);

/* process.c */
int tj_process_start(jack_client_t *c);
int tj_process_begin(jack_client_t *c);
void tj_process_stop(jack_client_t *c);
void tj_process_join(jack_client_t *c);
/* duties.c: the process thread's sync answer before the callback and timebase BBT after it (realtime). */
void tj_sync_duty(jack_client_t *c, int64_t cycle);
void tj_timebase_duty(jack_client_t *c, int nframes);
/* A client that has begun its process thread learns of switches from the segment; else from notifications. */
int tj_process_begun(jack_client_t *c);

/* midi.c */
void tj_midi_set_nframes(int nframes);
void tj_midi_merge(void *target, unsigned char *const *sources, int count, unsigned char *scratch);

/* ports.c */
void tj_ports_free(jack_client_t *c);
/* The whole port list of the server (ListPorts): NULL when the server did not answer. */
tj_reply *tj_list_ports(jack_client_t *c, int with_connections);
/* The server's description of a port (DescribePort): NULL after reporting why. */
tj_reply *tj_describe_port(jack_client_t *c, const char *name, const char *what);

/* client.c: some open client, for the metadata calls JACK gives no client (NULL when none is open). */
jack_client_t *tj_any_client(void);

#endif
