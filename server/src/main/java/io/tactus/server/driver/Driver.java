package io.tactus.server.driver;

import io.tactus.api.LatencyRange;

import java.nio.FloatBuffer;

/**
 * The server's end of the audio hardware, or of what stands in for it. The engine calls
 * {@link #read} and {@link #write} once per period on its realtime thread, so both must not block,
 * lock, allocate or do I/O: a driver that talks to a file or a device hands the data to its own
 * normal thread through a ring. Pacing is the engine's job for {@link #isPaced() paced} drivers; an
 * unpaced driver (freewheel) is run as fast as the graph can go.
 */
public interface Driver extends AutoCloseable {

    /** Short name, as given to {@code -d}: {@code dummy}, {@code wav}, {@code javasound}. */
    String name();

    /**
     * Prepares the driver for {@code sampleRate} and {@code nframes} per period, on a control thread,
     * before the first period. Throws {@link io.tactus.api.TactusException} with one clear sentence
     * when it cannot (missing file, wrong format).
     */
    void open(int sampleRate, int nframes);

    /** Number of {@code system:capture_N} ports; known after {@link #open}. */
    int captureChannels();

    /** Number of {@code system:playback_N} ports; known after {@link #open}. */
    int playbackChannels();

    /** True when periods follow the wall clock; false runs the graph as fast as it can (freewheel). */
    boolean isPaced();

    /**
     * Realtime thread, allocation-free: fills one buffer per capture channel with this period's
     * {@code nframes} samples. Returns false once the input has ended; the engine then runs this last
     * period and stops.
     */
    boolean read(FloatBuffer[] capture, int nframes);

    /** Realtime thread, allocation-free: takes this period's playback samples, one buffer per channel. */
    void write(FloatBuffer[] playback, int nframes);

    /**
     * Device xruns so far: underruns and overruns the driver itself saw (a device that ran dry, a ring
     * that was full), each episode counted once. The engine reads it once per cycle and marks a cycle
     * during which it grew as an xrun, so every consumer of XRUN Count sees it. Any thread; a read of
     * a volatile counter, allocation-free. Drivers whose only xrun is a late cycle keep the default 0.
     */
    default long xruns() {
        return 0;
    }

    /**
     * Whether the driver can follow a period of {@code nframes} at run time (issue 20): null when it can (its
     * {@link #read} and {@link #write} then get the new nframes from the next cycle on, and must take it without
     * allocating), else one sentence saying why not. Control thread, before the switch is asked for.
     */
    default String refuseResize(int nframes) {
        return null;
    }

    /**
     * The latency of the driver's capture ports, in frames, after {@link #open}: how long ago a period's captured
     * samples entered the device. The default is one period, as JACK's drivers start from.
     */
    default LatencyRange captureLatency(int nframes) {
        return LatencyRange.of(nframes);
    }

    /** The latency of the driver's playback ports, in frames, after {@link #open}: one period by default. */
    default LatencyRange playbackLatency(int nframes) {
        return LatencyRange.of(nframes);
    }

    /** Control thread: flushes and releases everything, after the engine has stopped. Idempotent. */
    @Override
    void close();
}
