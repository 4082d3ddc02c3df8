package io.tactus.javasound;

import javax.sound.sampled.AudioFormat;

/**
 * An open line's format and buffer and what they last at the line's and the server's rates: made once per
 * open, so the line's state machine and its arithmetic read apart. Immutable, so the program's thread and the
 * position getters share it without a lock.
 */
record LineTiming(AudioFormat format, int bufferBytes, int lineRate, int serverRate, long periodNanos) {

    /** The shortest park of the program's thread; shorter ones cost more in wake-ups than they save. */
    private static final long MIN_WAIT_NANOS = 200_000;

    /**
     * The timing of a line opened with {@code requested} on a server of {@code serverRate} and
     * {@code serverPeriod} frames; {@code bufferSize} is in bytes, or not positive for
     * {@code defaultBufferMillis} of audio.
     */
    static LineTiming of(AudioFormat requested, int bufferSize, int serverRate, int serverPeriod,
                         int defaultBufferMillis) {
        AudioFormat format = LineFormats.withRate(requested, serverRate);
        int lineRate = Math.round(format.getSampleRate());
        long periodNanos = 1_000_000_000L * serverPeriod / serverRate;
        int frames = bufferSize > 0 ? bufferSize / format.getFrameSize()
                : (int) ((long) lineRate * defaultBufferMillis / 1000);
        // At least four periods, or the program could never stay ahead of the callback.
        frames = (int) Math.max(frames, 4L * serverPeriod * lineRate / serverRate + 1);
        return new LineTiming(format, frames * format.getFrameSize(), lineRate, serverRate, periodNanos);
    }

    /** What a closed line reports: the default buffer at {@code format}'s rate, or 48 kHz where it has none. */
    static int defaultBufferBytes(AudioFormat format) {
        float rate = format.getSampleRate() > 0 ? format.getSampleRate() : 48_000;
        return (int) (rate * JavaSoundSettings.DEFAULT_BUFFER_MILLIS / 1000) * format.getFrameSize();
    }

    int bufferFrames() {
        return bufferBytes / format.getFrameSize();
    }

    /** How long {@code bytes} of the line's audio last. */
    long nanosOf(int bytes) {
        return (long) (bytes / format.getFrameSize()) * 1_000_000_000L / lineRate;
    }

    /**
     * How long the program's thread parks for {@code serverFramesMissing} frames: about as long as they take
     * to play, at least half a period and at most a quarter of the buffer.
     */
    long waitNanos(int serverFramesMissing) {
        long nanos = Math.max(1, serverFramesMissing) * 1_000_000_000L / serverRate;
        long most = Math.max(periodNanos, nanosOf(bufferBytes) / 4);
        return Math.max(MIN_WAIT_NANOS, Math.max(periodNanos / 2, Math.min(nanos, most)));
    }

    /** {@code serverFrames} at the line's rate. */
    long lineFrames(long serverFrames) {
        return serverFrames * lineRate / serverRate;
    }
}
