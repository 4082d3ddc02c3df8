package io.tactus.server.driver.wav;

import io.tactus.server.driver.Periods;
import io.tactus.server.driver.AudioDriver;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.Period;
import io.tactus.server.driver.PeriodRing;
import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.FloatBuffer;

/**
 * Capture from a WAV file and playback to a WAV file, for offline renders and bit-exact tests. File I/O
 * runs on the driver's own reader and writer threads behind preallocated {@link PeriodRing}s, so the
 * realtime {@link #read} and {@link #write} only copy floats. Paced, a late reader gives silence and a
 * full writer ring drops the period (both counted; the output keeps its timeline); freewheel waits
 * instead, trading realtime behaviour for a render that never loses a sample. The rings carry chunks of the
 * period size the driver was opened with, and a period of another size (a switch at run time) takes as many
 * chunks, or as much of one, as it needs, so the threads and their files never notice the switch.
 */
public final class WavDriver extends AudioDriver {

    private final WavDriverSettings settings;
    private int periodFrames;
    private CaptureReader reader;
    private PeriodRing captureRing;
    private PlaybackWriter writer;
    private PeriodRing playbackRing;
    private boolean opened;
    private boolean closed;

    // Realtime-thread state: one writer, so volatile stores are enough and take no lock.
    private long framesDelivered;
    private boolean inputEnded;
    private long pendingGapFrames;
    /** The capture chunk being read (its ring sequence, -1 for none) and how far into it. */
    private long chunk = -1;
    private int chunkOffset;
    private volatile long endFrame = -1;
    private volatile long captureUnderruns;
    private volatile long playbackOverruns;

    public WavDriver(WavDriverSettings settings) {
        this.settings = settings;
        this.captureChannels = settings.captureChannels();
        this.playbackChannels = settings.playbackChannels() > 0 ? settings.playbackChannels() : captureChannels;
    }

    /** Any period the rings hold twice over: a period takes its frames from as many chunks as it needs. */
    @Override
    public String refuseResize(int nframes) {
        PeriodRing ring = captureRing != null ? captureRing : playbackRing;
        if (ring == null || 2L * nframes <= (long) ring.capacity() * periodFrames) {
            return null;
        }
        return "the wav driver's rings hold " + (ring.capacity() * periodFrames) + " frames, too few for two periods of "
                + nframes + "; start the server with a larger -p to render at that size";
    }

    @Override
    public String name() {
        return "wav";
    }

    @Override
    public void open(int sampleRate, int nframes) {
        if (opened) {
            throw new IllegalStateException("the wav driver is already open");
        }
        opened = true;
        periodFrames = nframes;
        int periods = (int) Math.max(4, (long) WavDriverSettings.BUFFER_MILLIS * sampleRate / 1000 / nframes);
        // Wake about once a period: often enough to keep the rings moving, rarely enough to cost nothing.
        long idleNanos = Math.max(50_000, Math.min(2_000_000, 1_000_000_000L * nframes / sampleRate));
        WavSource source = null;
        try {
            WavSampleFormat outputFormat = settings.outputFormat();
            if (settings.input() != null) {
                source = WavSource.open(settings.input(), "capture file");
                checkRate(source, sampleRate);
                captureChannels = source.stream.getFormat().getChannels();
                if (settings.playbackChannels() == 0) {
                    playbackChannels = captureChannels;
                }
                if (outputFormat == null) {
                    outputFormat = WavSampleFormat.of(source.fileFormat).orElse(WavSampleFormat.PCM16);
                }
                captureRing = new PeriodRing(periods, captureChannels, nframes);
                reader = new CaptureReader(source, captureRing, nframes, idleNanos);
            }
            if (settings.output() != null) {
                WavSampleFormat format = outputFormat != null ? outputFormat : WavSampleFormat.PCM16;
                playbackRing = new PeriodRing(periods, playbackChannels, nframes);
                writer = PlaybackWriter.open(settings.output(), format.audioFormat(sampleRate, playbackChannels),
                        playbackRing, nframes, idleNanos);
            }
        } catch (RuntimeException e) {
            closeQuietly(source);
            reader = null;
            throw e;
        }
        if (writer != null) {
            writer.start();
        }
        if (reader != null) {
            reader.start();
        }
    }

    @Override
    public boolean isPaced() {
        return settings.paced();
    }

    /** Periods whose capture was silence because the reader was behind (paced mode only). */
    public long captureUnderruns() {
        return captureUnderruns;
    }

    /** Periods of playback dropped because the writer was behind (paced mode only). */
    public long playbackOverruns() {
        return playbackOverruns;
    }

    /** The file's xruns, as a device's: capture underruns and dropped playback periods (paced mode only). */
    @Override
    public long xruns() {
        return captureUnderruns + playbackOverruns;
    }

    /**
     * Realtime, allocation-free: copies {@code nframes} decoded frames out of the ring's chunks (part of one, or
     * several), or silence for what the reader has not decoded yet (paced) or past the input's end.
     */
    @Override
    public boolean read(FloatBuffer[] capture, int nframes) {
        if (inputEnded) {
            Periods.silence(capture, nframes);
            return false;
        }
        if (reader == null) {
            Periods.silence(capture, nframes);
            return advanceWithoutInput(nframes);
        }
        int done = 0;
        while (done < nframes) {
            if (chunk < 0) {
                chunk = captureRing.poll();
                for (int attempt = 0; chunk < 0 && !settings.paced(); attempt++) {
                    Periods.backOff(attempt); // freewheel is not realtime: wait for the reader
                    chunk = captureRing.poll();
                }
                if (chunk < 0) {
                    captureUnderruns = captureUnderruns + 1;
                    Periods.silence(capture, done, nframes - done);
                    framesDelivered += nframes;
                    return true;
                }
                chunkOffset = 0;
            }
            Period period = captureRing.get(chunk);
            int take = Math.min(nframes - done, period.frames - chunkOffset);
            Periods.copyOut(period.samples, chunkOffset, capture, done, take);
            chunkOffset += take;
            done += take;
            if (chunkOffset >= period.frames) {
                boolean last = period.last;
                captureRing.release(chunk);
                chunk = -1;
                if (last) {
                    inputEnded = true;
                    endFrame = framesDelivered + done;
                    Periods.silence(capture, done, nframes - done);
                    framesDelivered += nframes;
                    return false;
                }
            }
        }
        framesDelivered += nframes;
        return true;
    }

    /**
     * Realtime, allocation-free: copies {@code nframes} frames into the writer's ring in chunks of the opening
     * period size, or counts what finds the ring full as dropped (written later as silence).
     */
    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        if (writer == null) {
            return;
        }
        int done = 0;
        while (done < nframes) {
            long sequence = playbackRing.tryClaim();
            for (int attempt = 0; sequence < 0 && !settings.paced(); attempt++) {
                Periods.backOff(attempt); // freewheel: wait for the writer rather than lose samples
                sequence = playbackRing.tryClaim();
            }
            if (sequence < 0) {
                playbackOverruns = playbackOverruns + 1;
                pendingGapFrames += nframes - done;
                return;
            }
            int frames = Math.min(periodFrames, nframes - done);
            Period period = playbackRing.get(sequence);
            Periods.copyIn(playback, done, period.samples, frames);
            period.frames = frames;
            period.gapFrames = pendingGapFrames;
            pendingGapFrames = 0;
            playbackRing.publish(sequence);
            done += frames;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Exception readFailure = null;
        if (reader != null) {
            reader.stop();
            readFailure = reader.failure();
        }
        if (writer != null) {
            writer.finish(pendingGapFrames, endFrame);
        }
        if (readFailure != null) {
            throw new TactusException("reading capture file " + settings.input() + " failed ("
                    + readFailure.getMessage() + "); the render stopped early", readFailure);
        }
    }

    /** Silent capture with no file: ends after {@code lengthFrames} when that is set. */
    private boolean advanceWithoutInput(int n) {
        long length = settings.lengthFrames();
        framesDelivered += n;
        if (length > 0 && framesDelivered >= length) {
            inputEnded = true;
            endFrame = length;
            return false;
        }
        return true;
    }

    private static void checkRate(WavSource source, int sampleRate) {
        int fileRate = Math.round(source.fileFormat.getSampleRate());
        if (fileRate != sampleRate) {
            throw new TactusException("capture file " + source.path + " is " + fileRate
                    + " Hz but the server runs at " + sampleRate + " Hz; resample it or start the server with -r "
                    + fileRate);
        }
    }

    private static void closeQuietly(WavSource source) {
        if (source == null) {
            return;
        }
        try {
            source.close();
        } catch (IOException ignored) {
            // open() is already failing with the clearer message.
        }
    }
}
