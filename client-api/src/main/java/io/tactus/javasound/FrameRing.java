package io.tactus.javasound;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A single-producer, single-consumer ring of interleaved float frames between a program's thread and the
 * realtime process callback, in either direction. Lock-free and allocation-free on both sides: the producer
 * publishes with a volatile store of its count, the consumer with a compare-and-set of its own, so that
 * {@link #discard()} (a flush, from any thread) can move the read side without a lock. A discard that races a
 * read lets that one read's frames through; they were valid audio a moment before.
 */
final class FrameRing {

    private final float[] samples;
    private final int channels;
    private final int capacity;
    private volatile long written; // frames, moved by the producer only
    private final AtomicLong read = new AtomicLong(); // frames, moved by the consumer and by discard()
    private long peeked; // consumer only: where the last peek started

    FrameRing(int channels, int capacityFrames) {
        if (channels < 1 || capacityFrames < 1) {
            throw new IllegalArgumentException("channels and capacity must be positive");
        }
        this.channels = channels;
        this.capacity = capacityFrames;
        this.samples = new float[Math.multiplyExact(channels, capacityFrames)];
    }

    int capacity() {
        return capacity;
    }

    /** Frames the consumer may read now. */
    int readable() {
        return (int) (written - read.get());
    }

    /** Frames the producer may write now. */
    int writable() {
        return capacity - readable();
    }

    /** Producer: appends {@code frames} interleaved frames from {@code src}; they must fit. */
    void write(float[] src, int frames) {
        long w = written;
        int first = copyIn(src, 0, w, frames);
        copyIn(src, first, w + first, frames - first);
        written = w + frames;
    }

    /** Producer on the realtime thread: appends up to {@code frames} frames from one buffer per channel. */
    int writeFrom(FloatBuffer[] inputs, int frames) {
        long w = written;
        int n = Math.min(frames, capacity - (int) (w - read.get()));
        for (int f = 0; f < n; f++) {
            int at = (int) ((w + f) % capacity) * channels;
            for (int c = 0; c < channels; c++) {
                samples[at + c] = inputs[c].get(f);
            }
        }
        written = w + n;
        return n;
    }

    /** Consumer on the realtime thread: moves up to {@code frames} frames into one buffer per channel. */
    int readInto(FloatBuffer[] outputs, int frames) {
        int n = peekInto(outputs, frames);
        consume(n);
        return n;
    }

    /**
     * Consumer on the realtime thread: copies up to {@code frames} frames into one buffer per channel without
     * taking them yet, so the caller can publish what it played before the producer sees the room.
     */
    int peekInto(FloatBuffer[] outputs, int frames) {
        long r = read.get();
        peeked = r;
        int n = Math.min(frames, (int) (written - r));
        for (int f = 0; f < n; f++) {
            int at = (int) ((r + f) % capacity) * channels;
            for (int c = 0; c < channels; c++) {
                outputs[c].put(f, samples[at + c]);
            }
        }
        return n;
    }

    /** Consumer: takes the {@code frames} frames the last {@link #peekInto} copied. */
    void consume(int frames) {
        read.compareAndSet(peeked, peeked + frames);
    }

    /** Consumer: moves up to {@code frames} interleaved frames into {@code dst}; returns how many. */
    int read(float[] dst, int frames) {
        long r = read.get();
        int n = Math.min(frames, (int) (written - r));
        int first = copyOut(dst, 0, r, n);
        copyOut(dst, first, r + first, n - first);
        read.compareAndSet(r, r + n);
        return n;
    }

    /** Any thread: drops everything written so far; returns how many frames it dropped. */
    int discard() {
        while (true) {
            long r = read.get();
            long w = written;
            if (r >= w || read.compareAndSet(r, w)) {
                return (int) Math.max(0, w - r);
            }
        }
    }

    /** Copies up to the end of the array; returns the frames copied. */
    private int copyIn(float[] src, int srcFrame, long position, int frames) {
        int at = (int) (position % capacity);
        int n = Math.min(frames, capacity - at);
        System.arraycopy(src, srcFrame * channels, samples, at * channels, n * channels);
        return n;
    }

    private int copyOut(float[] dst, int dstFrame, long position, int frames) {
        int at = (int) (position % capacity);
        int n = Math.min(frames, capacity - at);
        System.arraycopy(samples, at * channels, dst, dstFrame * channels, n * channels);
        return n;
    }
}
