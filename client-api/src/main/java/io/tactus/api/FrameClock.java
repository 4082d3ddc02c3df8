package io.tactus.api;

/**
 * A client's view of the server's time, in frames and in microseconds of the server's clock
 * (CLOCK_MONOTONIC, as {@code jack_get_time}). The cycle's figures are fixed when the cycle begins, so
 * every client sees the same values within one cycle; every method is allocation-free and meant for the
 * process callback (from another thread the figures are those of the latest cycle).
 */
public interface FrameClock {

    /** Now, in microseconds of the server's clock ({@code jack_get_time}). */
    long time();

    /** The frame time of the current cycle's first frame ({@code jack_last_frame_time}). */
    long lastFrameTime();

    /** An estimate of the frame time now, from the cycle's start and the clock ({@code jack_frame_time}). */
    long frameTime();

    /** Frames since the current cycle began ({@code jack_frames_since_cycle_start}). */
    int framesSinceCycleStart();

    /** Fills {@code into} with the current cycle's times ({@code jack_get_cycle_times}) and returns it. */
    CycleTimes cycleTimes(CycleTimes into);

    /** The server-clock microsecond at which frame time {@code frames} begins ({@code jack_frames_to_time}). */
    long framesToTime(long frames);

    /** The frame time at server-clock microsecond {@code micros}, to the nearest frame ({@code jack_time_to_frames}). */
    long timeToFrames(long micros);
}
