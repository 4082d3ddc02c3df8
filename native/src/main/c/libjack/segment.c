/*
 * The server's graph segment mapped whole (docs/ipc-contract.md, "The file"): checked as the Java client
 * checks it (magic with an acquire load, version, max successors, size, slot frames at least the
 * Welcome's buffer size, the client's record in range), and the futex and clock the process thread uses on it.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int32_t load32(const unsigned char *at) {
    return __atomic_load_n((const int32_t *) at, __ATOMIC_ACQUIRE);
}

static int64_t load64(const unsigned char *at) {
    return __atomic_load_n((const int64_t *) at, __ATOMIC_ACQUIRE);
}

int tj_map_segment(jack_client_t *c, const char *path, char *why, size_t why_size) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_size, "cannot open the graph segment %s of Tactus server '%s': %s", path, c->server,
                 strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < TJ_HEADER_BYTES) {
        close(fd);
        snprintf(why, why_size, "the graph segment %s of Tactus server '%s' is too small to be one", path, c->server);
        return -1;
    }
    void *mapped = mmap(NULL, (size_t) st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) {
        snprintf(why, why_size, "cannot map the graph segment %s: %s", path, strerror(errno));
        return -1;
    }
    unsigned char *s = mapped;
    int records = load32(s + 16);
    int ports = load32(s + 20);
    int nframes = load32(s + 24);
    size_t stride_data = (size_t) nframes * 4 > TJ_MIDI_BYTES ? (size_t) nframes * 4 : TJ_MIDI_BYTES;
    size_t stride = TJ_PORT_HEADER_BYTES + ((stride_data + TJ_CACHE_LINE - 1) & ~(size_t) (TJ_CACHE_LINE - 1));
    size_t start = TJ_HEADER_BYTES + (size_t) records * TJ_RECORD_BYTES;
    if (load32(s) != TJ_MAGIC || load32(s + 4) != TJ_SEGMENT_VERSION || load32(s + 28) != TJ_MAX_SUCCESSORS
        || records < 1 || ports < 0 || nframes < c->buffer_size || c->record <= 0 || c->record >= records
        || (int64_t) (start + (size_t) ports * stride) != load64(s + 8) || load64(s + 8) != (int64_t) st.st_size) {
        munmap(mapped, (size_t) st.st_size);
        snprintf(why, why_size, "the graph segment %s of Tactus server '%s' does not fit a client of record %d and"
                 " %d frames per period; server and library may be from different Tactus releases", path, c->server,
                 c->record, c->buffer_size);
        return -1;
    }
    c->segment = s;
    c->segment_size = (size_t) st.st_size;
    c->records = records;
    c->nports = ports;
    c->slot_frames = nframes;
    c->nframes = c->buffer_size;
    c->freewheel = load32(s + TJ_OFF_FREEWHEEL) != 0;
    c->ports_start = start;
    c->port_stride = stride;
    return 0;
}

void tj_unmap_segment(jack_client_t *c) {
    if (c->segment) {
        munmap(c->segment, c->segment_size);
        c->segment = NULL;
    }
}

/* The shared futex operations (not FUTEX_PRIVATE_FLAG): waiter and waker are in different processes. */
int tj_futex_wait(int32_t *address, int32_t expected, long timeout_nanos) {
    struct timespec timeout = { timeout_nanos / 1000000000L, timeout_nanos % 1000000000L };
    return (int) syscall(SYS_futex, address, FUTEX_WAIT, expected, &timeout, NULL, 0);
}

void tj_futex_wake(int32_t *address, int count) {
    syscall(SYS_futex, address, FUTEX_WAKE, count, NULL, NULL, 0);
}

/* CLOCK_MONOTONIC, which the engine's System.nanoTime reads too (vDSO: no system call). */
int64_t tj_now_nanos(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000000000LL + now.tv_nsec;
}
