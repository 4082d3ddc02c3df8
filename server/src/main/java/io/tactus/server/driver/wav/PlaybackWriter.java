package io.tactus.server.driver.wav;

import io.tactus.server.driver.Join;
import io.tactus.server.driver.Period;
import io.tactus.server.driver.PeriodRing;
import io.tactus.api.TactusException;
import io.tactus.audio.PcmCodec;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.locks.LockSupport;

/**
 * The playback side's own thread: drains a {@link PeriodRing} as raw PCM into a temporary file next to
 * the output, and {@link #finish} turns that into the final WAV with {@code AudioSystem.write}. Every
 * sample crosses the disk twice, but the length is only known when the engine stops, and a crash mid-run
 * leaves raw samples rather than a WAV whose header lies. After a write error the thread keeps draining
 * (and discarding) so a freewheeling engine never waits forever; {@link #finish} reports the error.
 */
final class PlaybackWriter implements Runnable {

    private final Path output;
    private final Path raw;
    private final AudioFormat format;
    private final PcmCodec codec;
    private final PeriodRing ring;
    private final OutputStream out;
    private final byte[] bytes;
    private final byte[] silence;
    private final long idleNanos;
    private final Thread thread;

    private volatile boolean draining;
    private volatile IOException failure;
    private long framesWritten;

    private PlaybackWriter(Path output, Path raw, AudioFormat format, PeriodRing ring, int nframes,
                           long idleNanos) throws IOException {
        this.output = output;
        this.raw = raw;
        this.format = format;
        this.codec = PcmCodec.of(format);
        this.ring = ring;
        this.out = new BufferedOutputStream(Files.newOutputStream(raw), 1 << 16);
        this.bytes = new byte[nframes * codec.frameSize()];
        this.silence = new byte[bytes.length]; // zero bytes are silence in every format we write
        this.idleNanos = idleNanos;
        this.thread = new Thread(this, "tactus-wav-writer");
        thread.setDaemon(true);
    }

    /** Checks that {@code output} can be written and creates the temporary file beside it. */
    static PlaybackWriter open(Path output, AudioFormat format, PeriodRing ring, int nframes, long idleNanos) {
        Path target = output.toAbsolutePath();
        Path dir = target.getParent();
        if (Files.isDirectory(target)) {
            throw new TactusException("playback file " + output + " is a directory; give a file name such as out.wav");
        }
        if (dir == null || !Files.exists(dir)) {
            throw new TactusException("cannot write playback file " + output + ": directory " + dir
                    + " does not exist; create it or choose another path");
        }
        if (!Files.isDirectory(dir)) {
            throw new TactusException("cannot write playback file " + output + ": " + dir
                    + " is not a directory; choose another path");
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            throw new TactusException("playback file " + output + " exists and is not writable; change its permissions or choose another path");
        }
        Path raw = null;
        try {
            raw = Files.createTempFile(dir, "." + target.getFileName() + ".", ".raw");
            return new PlaybackWriter(output, raw, format, ring, nframes, idleNanos);
        } catch (AccessDeniedException e) {
            deleteQuietly(raw);
            throw new TactusException("cannot write playback file " + output + ": directory " + dir
                    + " is not writable; choose another path", e);
        } catch (IOException e) {
            deleteQuietly(raw);
            throw new TactusException("cannot write playback file " + output + " (" + e.getMessage()
                    + "); choose another path", e);
        }
    }

    void start() {
        thread.start();
    }

    /**
     * After the engine has stopped: writes what is still in the ring plus {@code trailingGapFrames} of
     * silence, then the WAV, trimmed to {@code limitFrames} when that is not negative.
     */
    void finish(long trailingGapFrames, long limitFrames) {
        draining = true;
        LockSupport.unpark(thread);
        Join.uninterruptibly(thread);
        try {
            writeSilence(trailingGapFrames);
        } catch (IOException e) {
            failure = e;
        }
        try {
            out.close();
        } catch (IOException e) {
            failure = failure != null ? failure : e;
        }
        long frames = limitFrames >= 0 ? Math.min(limitFrames, framesWritten) : framesWritten;
        writeWav(frames);
        if (failure != null) {
            throw new TactusException("playback file " + output + " is incomplete: writing failed ("
                    + failure.getMessage() + "); check the free space in its directory", failure);
        }
    }

    @Override
    public void run() {
        while (true) {
            // Read the flag before looking at the ring: everything published before it was set is seen.
            boolean finishing = draining;
            if (doWork() == 0) {
                if (finishing) {
                    return;
                }
                LockSupport.parkNanos(idleNanos);
            }
        }
    }

    /** Writes every period in the ring; returns how many. */
    private int doWork() {
        int done = 0;
        for (long sequence = ring.poll(); sequence >= 0; sequence = ring.poll()) {
            Period period = ring.get(sequence);
            if (failure == null) {
                try {
                    writeSilence(period.gapFrames);
                    codec.encode(period.samples, period.frames, bytes);
                    out.write(bytes, 0, period.frames * codec.frameSize());
                    framesWritten += period.frames;
                } catch (IOException e) {
                    failure = e;
                }
            }
            ring.release(sequence);
            done++;
        }
        return done;
    }

    private void writeSilence(long frames) throws IOException {
        long left = frames * codec.frameSize();
        while (left > 0) {
            int n = (int) Math.min(left, silence.length);
            out.write(silence, 0, n);
            left -= n;
        }
        framesWritten += frames;
    }

    /** Wraps the raw samples into the WAV beside them, then swaps it in; keeps the raw file if that fails. */
    private void writeWav(long frames) {
        Path part = output.toAbsolutePath().resolveSibling("." + output.getFileName() + ".part");
        try (InputStream in = new BufferedInputStream(Files.newInputStream(raw), 1 << 16);
             AudioInputStream stream = new AudioInputStream(in, format, frames)) {
            Files.deleteIfExists(part);
            AudioSystem.write(stream, AudioFileFormat.Type.WAVE, part.toFile());
            moveIntoPlace(part);
            Files.delete(raw);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(part);
            throw new TactusException("could not write playback file " + output + " (" + e.getMessage()
                    + "); its raw samples are kept in " + raw, e);
        }
    }

    /** Atomically where the file system can, so a reader never sees half a WAV. */
    private void moveIntoPlace(Path part) throws IOException {
        try {
            Files.move(part, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, output, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // Only a leftover temporary file; the error being reported matters more.
        }
    }
}
