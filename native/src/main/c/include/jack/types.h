/*
 * Tactus libjack: JACK's public types, written for Tactus from JACK's documented ABI (the same names,
 * enum values and struct layouts, so that programs built against JACK's headers run on this library).
 */
#ifndef TACTUS_JACK_TYPES_H
#define TACTUS_JACK_TYPES_H

#include <jack/systemdeps.h>

typedef uint64_t jack_uuid_t;
typedef int32_t jack_shmsize_t;
typedef uint32_t jack_nframes_t;
#define JACK_MAX_FRAMES (4294967295U)
typedef uint64_t jack_time_t;
#define JACK_LOAD_INIT_LIMIT 1024
typedef uint64_t jack_intclient_t;
typedef struct _jack_port jack_port_t;
typedef struct _jack_client jack_client_t;
typedef uint32_t jack_port_id_t;
typedef uint32_t jack_port_type_id_t;

enum JackOptions {
    JackNullOption = 0x00,
    JackNoStartServer = 0x01,
    JackUseExactName = 0x02,
    JackServerName = 0x04,
    JackLoadName = 0x08,
    JackLoadInit = 0x10,
    JackSessionID = 0x20
};
#define JackOpenOptions (JackSessionID|JackServerName|JackNoStartServer|JackUseExactName)
#define JackLoadOptions (JackLoadInit|JackLoadName|JackUseExactName)
typedef enum JackOptions jack_options_t;

enum JackStatus {
    JackFailure = 0x01,
    JackInvalidOption = 0x02,
    JackNameNotUnique = 0x04,
    JackServerStarted = 0x08,
    JackServerFailed = 0x10,
    JackServerError = 0x20,
    JackNoSuchClient = 0x40,
    JackLoadFailure = 0x80,
    JackInitFailure = 0x100,
    JackShmFailure = 0x200,
    JackVersionError = 0x400,
    JackBackendError = 0x800,
    JackClientZombie = 0x1000
};
typedef enum JackStatus jack_status_t;

enum JackLatencyCallbackMode { JackCaptureLatency, JackPlaybackLatency };
typedef enum JackLatencyCallbackMode jack_latency_callback_mode_t;
typedef void (*JackLatencyCallback)(jack_latency_callback_mode_t mode, void *arg);

PRE_PACKED_STRUCTURE
struct _jack_latency_range {
    jack_nframes_t min;
    jack_nframes_t max;
} POST_PACKED_STRUCTURE;
typedef struct _jack_latency_range jack_latency_range_t;

typedef int (*JackProcessCallback)(jack_nframes_t nframes, void *arg);
typedef void *(*JackThreadCallback)(void *arg);
typedef void (*JackThreadInitCallback)(void *arg);
typedef int (*JackGraphOrderCallback)(void *arg);
typedef int (*JackXRunCallback)(void *arg);
typedef int (*JackBufferSizeCallback)(jack_nframes_t nframes, void *arg);
typedef int (*JackSampleRateCallback)(jack_nframes_t nframes, void *arg);
typedef void (*JackPortRegistrationCallback)(jack_port_id_t port, int registered, void *arg);
typedef void (*JackClientRegistrationCallback)(const char *name, int registered, void *arg);
typedef void (*JackPortConnectCallback)(jack_port_id_t a, jack_port_id_t b, int connect, void *arg);
typedef void (*JackPortRenameCallback)(jack_port_id_t port, const char *old_name, const char *new_name, void *arg);
typedef void (*JackFreewheelCallback)(int starting, void *arg);
typedef void (*JackShutdownCallback)(void *arg);
typedef void (*JackInfoShutdownCallback)(jack_status_t code, const char *reason, void *arg);

#define JACK_DEFAULT_AUDIO_TYPE "32 bit float mono audio"
#define JACK_DEFAULT_MIDI_TYPE "8 bit raw midi"
typedef float jack_default_audio_sample_t;

enum JackPortFlags {
    JackPortIsInput = 0x1,
    JackPortIsOutput = 0x2,
    JackPortIsPhysical = 0x4,
    JackPortCanMonitor = 0x8,
    JackPortIsTerminal = 0x10
};

typedef enum {
    JackTransportStopped = 0,
    JackTransportRolling = 1,
    JackTransportLooping = 2,
    JackTransportStarting = 3,
    JackTransportNetStarting = 4
} jack_transport_state_t;

typedef uint64_t jack_unique_t;

typedef enum {
    JackPositionBBT = 0x10,
    JackPositionTimecode = 0x20,
    JackBBTFrameOffset = 0x40,
    JackAudioVideoRatio = 0x80,
    JackVideoFrameOffset = 0x100,
    JackTickDouble = 0x200
} jack_position_bits_t;

#define JACK_POSITION_MASK (JackPositionBBT|JackPositionTimecode)
#define EXTENDED_TIME_INFO
#define JACK_TICK_DOUBLE

/* 136 bytes, packed on x86 as in JACK: the server writes the first four fields, a timebase master the rest. */
PRE_PACKED_STRUCTURE
struct _jack_position {
    jack_unique_t unique_1;
    jack_time_t usecs;
    jack_nframes_t frame_rate;
    jack_nframes_t frame;
    jack_position_bits_t valid;
    int32_t bar;
    int32_t beat;
    int32_t tick;
    double bar_start_tick;
    float beats_per_bar;
    float beat_type;
    double ticks_per_beat;
    double beats_per_minute;
    double frame_time;
    double next_time;
    jack_nframes_t bbt_offset;
    float audio_frames_per_video_frame;
    jack_nframes_t video_offset;
    double tick_double;
    int32_t padding[5];
    jack_unique_t unique_2;
} POST_PACKED_STRUCTURE;
typedef struct _jack_position jack_position_t;

typedef int (*JackSyncCallback)(jack_transport_state_t state, jack_position_t *pos, void *arg);
typedef void (*JackTimebaseCallback)(jack_transport_state_t state, jack_nframes_t nframes, jack_position_t *pos,
                                     int new_pos, void *arg);

typedef enum {
    JackTransportState = 0x1,
    JackTransportPosition = 0x2,
    JackTransportLoop = 0x4,
    JackTransportSMPTE = 0x8,
    JackTransportBBT = 0x10
} jack_transport_bits_t;

/* The old transport info, kept for the two deprecated calls that take it. */
typedef struct {
    jack_nframes_t frame_rate;
    jack_time_t usecs;
    jack_transport_bits_t valid;
    jack_transport_state_t transport_state;
    jack_nframes_t frame;
    jack_nframes_t loop_start;
    jack_nframes_t loop_end;
    long smpte_offset;
    float smpte_frame_rate;
    int bar;
    int beat;
    int tick;
    double bar_start_tick;
    float beats_per_bar;
    float beat_type;
    double ticks_per_beat;
    double beats_per_minute;
} jack_transport_info_t;

#endif
