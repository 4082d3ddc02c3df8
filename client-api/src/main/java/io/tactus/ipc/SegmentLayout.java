package io.tactus.ipc;

/**
 * Where everything lives in a {@link SharedSegment}: a one-cache-line header, one cache-line control
 * block per client, then the port buffers, each starting on a cache line. Cache-line alignment costs a
 * little memory for short periods but keeps clients that run in parallel on different cores from
 * invalidating each other's lines, and gives audio loops aligned floats. The layout is a pure function of
 * (clients, ports, nframes), which the header records, so the side that opens a segment rebuilds it from
 * the file alone.
 *
 * <pre>
 * header        0  magic "TACT" | 4 version | 8 layout size (long) | 16 clients | 20 ports | 24 nframes
 *                  | 32 creator pid (long) | up to 64 reserved
 * client c     64 + 64c:  +0 trigger (futex) | +4 done (futex) | +8 cycle (long) | +16 nframes
 *                          | +24 started (long) | +32 finished (long) | +40 server waiting (int) | up to 64 reserved
 * port p       portsStart + p * portStride:   nframes floats, native order, zero padding to 64 bytes
 * </pre>
 * All offsets are in bytes from the start of the segment; ints are 4-byte and longs 8-byte aligned.
 */
public final class SegmentLayout {

    /** The first word of every segment: the bytes "TACT" in little-endian order. */
    public static final int MAGIC = 0x5443_4154;
    /** Bumped whenever an offset below changes meaning. */
    public static final int VERSION = 2;
    public static final int CACHE_LINE = 64;

    public static final int HEADER_BYTES = CACHE_LINE;
    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int SIZE_OFFSET = 8;
    public static final int CLIENTS_OFFSET = 16;
    public static final int PORTS_OFFSET = 20;
    public static final int NFRAMES_OFFSET = 24;
    public static final int CREATOR_PID_OFFSET = 32;

    public static final int CONTROL_BLOCK_BYTES = CACHE_LINE;
    private static final int TRIGGER = 0;
    private static final int DONE = 4;
    private static final int CYCLE = 8;
    private static final int CLIENT_NFRAMES = 16;
    private static final int STARTED = 24;
    private static final int FINISHED = 32;
    private static final int WAITING = 40;

    private final int clients;
    private final int ports;
    private final int nframes;
    private final int portStride;
    private final int portsStart;
    private final int size;

    private SegmentLayout(int clients, int ports, int nframes, int portStride, int portsStart, int size) {
        this.clients = clients;
        this.ports = ports;
        this.nframes = nframes;
        this.portStride = portStride;
        this.portsStart = portsStart;
        this.size = size;
    }

    /**
     * The layout for {@code clients} control blocks and {@code ports} buffers of {@code nframes} floats.
     *
     * @throws IllegalArgumentException for negative counts, nframes below 1, or a segment of 2 GiB or more
     */
    public static SegmentLayout of(int clients, int ports, int nframes) {
        if (clients < 0 || ports < 0 || nframes < 1) {
            throw new IllegalArgumentException("A segment layout needs clients >= 0, ports >= 0 and nframes >= 1, not "
                    + clients + ", " + ports + " and " + nframes + ".");
        }
        long portStride = alignUp((long) nframes * Float.BYTES);
        long portsStart = HEADER_BYTES + (long) clients * CONTROL_BLOCK_BYTES;
        long size = portsStart + ports * portStride;
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("A segment for " + clients + " clients and " + ports + " ports of "
                    + nframes + " frames would need " + size + " bytes, more than a mapping can hold (2 GiB).");
        }
        return new SegmentLayout(clients, ports, nframes, (int) portStride, (int) portsStart, (int) size);
    }

    public int clients() {
        return clients;
    }

    public int ports() {
        return ports;
    }

    public int nframes() {
        return nframes;
    }

    /** The whole segment in bytes, a multiple of {@link #CACHE_LINE}. */
    public int size() {
        return size;
    }

    /** The futex word the server bumps to start a client's cycle. */
    public int triggerOffset(int client) {
        return controlBlock(client) + TRIGGER;
    }

    /** The futex word the client sets when its cycle is finished. */
    public int doneOffset(int client) {
        return controlBlock(client) + DONE;
    }

    /** A 64-bit cycle counter (8-byte aligned). */
    public int cycleOffset(int client) {
        return controlBlock(client) + CYCLE;
    }

    /** The frame count of the client's current cycle, at most {@link #nframes()}. */
    public int nframesOffset(int client) {
        return controlBlock(client) + CLIENT_NFRAMES;
    }

    /**
     * A 64-bit CLOCK_MONOTONIC time (the same clock as System.nanoTime on Linux): when the client's process call began.
     */
    public int startedOffset(int client) {
        return controlBlock(client) + STARTED;
    }

    /** A 64-bit CLOCK_MONOTONIC time: when the client's process call ended (written before {@code done}). */
    public int finishedOffset(int client) {
        return controlBlock(client) + FINISHED;
    }

    /**
     * 1 while the server sleeps on {@code done}, else 0: the client makes the wake-up system call only then
     * (most clients answer while the server is busy with another, and a futex wake with nobody to wake is a
     * system call for nothing). Both sides use volatile accesses: server writes it, then reads done; client
     * writes done, then reads it; one of them always sees the other's write.
     */
    public int waitingOffset(int client) {
        return controlBlock(client) + WAITING;
    }

    /** The first float of port buffer {@code port}; a multiple of {@link #CACHE_LINE}. */
    public int portOffset(int port) {
        if (port < 0 || port >= ports) {
            throw new IndexOutOfBoundsException("port " + port + " of " + ports);
        }
        return portsStart + port * portStride;
    }

    /** The distance between consecutive port buffers: nframes floats rounded up to a cache line. */
    public int portStride() {
        return portStride;
    }

    private int controlBlock(int client) {
        if (client < 0 || client >= clients) {
            throw new IndexOutOfBoundsException("client " + client + " of " + clients);
        }
        return HEADER_BYTES + client * CONTROL_BLOCK_BYTES;
    }

    private static long alignUp(long bytes) {
        return (bytes + CACHE_LINE - 1) & -CACHE_LINE;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SegmentLayout that
                && clients == that.clients && ports == that.ports && nframes == that.nframes;
    }

    @Override
    public int hashCode() {
        return (clients * 31 + ports) * 31 + nframes;
    }

    @Override
    public String toString() {
        return "SegmentLayout[clients=" + clients + ", ports=" + ports + ", nframes=" + nframes + ", size=" + size + "]";
    }
}
