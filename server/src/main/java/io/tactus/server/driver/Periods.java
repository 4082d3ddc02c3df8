package io.tactus.server.driver;

import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * The realtime side's copies between port buffers and ring periods, and its freewheel back-off. All
 * allocation-free and lock-free; absolute bulk transfers so the engine's buffer positions stay put.
 */
public final class Periods {

    private Periods() {
    }

    /** Realtime: ring period to port buffers; ports beyond the period's channels get silence. */
    public static void copyOut(float[][] from, FloatBuffer[] to, int nframes) {
        for (int ch = 0; ch < to.length; ch++) {
            if (ch < from.length) {
                to[ch].put(0, from[ch], 0, nframes);
            } else {
                silence(to[ch], nframes);
            }
        }
    }

    /** Realtime: port buffers to ring period; channels without a port buffer get silence. */
    public static void copyIn(FloatBuffer[] from, float[][] to, int nframes) {
        for (int ch = 0; ch < to.length; ch++) {
            if (ch < from.length) {
                from[ch].get(0, to[ch], 0, nframes);
            } else {
                Arrays.fill(to[ch], 0, nframes, 0f);
            }
        }
    }

    /**
     * Realtime: {@code frames} frames of a ring period from {@code fromOffset} into the port buffers at
     * {@code toOffset}; ports beyond the period's channels get silence there.
     */
    public static void copyOut(float[][] from, int fromOffset, FloatBuffer[] to, int toOffset, int frames) {
        for (int ch = 0; ch < to.length; ch++) {
            if (ch < from.length) {
                to[ch].put(toOffset, from[ch], fromOffset, frames);
            } else {
                for (int i = 0; i < frames; i++) {
                    to[ch].put(toOffset + i, 0f);
                }
            }
        }
    }

    /** Realtime: {@code frames} frames of the port buffers from {@code fromOffset} into a ring period's start. */
    public static void copyIn(FloatBuffer[] from, int fromOffset, float[][] to, int frames) {
        for (int ch = 0; ch < to.length; ch++) {
            if (ch < from.length) {
                from[ch].get(fromOffset, to[ch], 0, frames);
            } else {
                Arrays.fill(to[ch], 0, frames, 0f);
            }
        }
    }

    /** Realtime: zeroes {@code frames} of every buffer from {@code offset}. */
    public static void silence(FloatBuffer[] buffers, int offset, int frames) {
        for (FloatBuffer buffer : buffers) {
            for (int i = offset; i < offset + frames; i++) {
                buffer.put(i, 0f);
            }
        }
    }

    /** Realtime: zeroes {@code nframes} of every buffer. */
    public static void silence(FloatBuffer[] buffers, int nframes) {
        for (FloatBuffer buffer : buffers) {
            silence(buffer, nframes);
        }
    }

    private static void silence(FloatBuffer buffer, int nframes) {
        for (int i = 0; i < nframes; i++) {
            buffer.put(i, 0f);
        }
    }

    /** Freewheel only: spin briefly, then yield so the I/O thread gets a core on a small machine. */
    public static void backOff(int attempt) {
        if (attempt < 100) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }
}
