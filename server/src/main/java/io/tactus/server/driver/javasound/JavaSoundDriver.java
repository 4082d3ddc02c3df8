package io.tactus.server.driver.javasound;

import io.tactus.server.driver.Periods;
import io.tactus.server.driver.AudioDriver;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.Period;
import io.tactus.api.LatencyRange;
import io.tactus.server.driver.PeriodRing;
import io.tactus.api.TactusException;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;
import java.nio.FloatBuffer;

/**
 * Playback to, and capture from, a real device through {@code javax.sound.sampled} lines. Their reads
 * and writes block, so they run on the driver's own threads ({@link LinePlayer}, {@link LineRecorder})
 * behind preallocated {@link PeriodRing}s, and the realtime {@link #read} and {@link #write} only copy
 * floats. The engine's clock paces the graph and the device's clock paces the lines: the line buffer
 * ({@link JavaSoundDriverSettings#periods()} periods) absorbs the jitter between them, but not a drift that
 * lasts (a device a few ppm off the system clock ends in an occasional xrun on a long run). That is the
 * price of one engine loop for every driver, where JACK lets the device drive.
 *
 * <p>Every xrun the driver sees reaches {@link #xruns()}, hence the server's XRUN Count: the device
 * ran dry (underrun, from its frame position), the writer's ring was full (a period dropped), capture
 * was late (a period of silence) or lost (ring or line full).
 */
public final class JavaSoundDriver extends AudioDriver {

    private final JavaSoundDriverSettings settings;
    private String deviceName;
    private int periodFrames;
    /** Capture periods kept in the ring between the device and the engine: slack for the reader's wake-ups. */
    private int captureCushion;
    private PeriodRing playbackRing;
    private PeriodRing captureRing;
    private LinePlayer player;
    private LineRecorder recorder;
    private boolean opened;
    private boolean closed;

    // Realtime-thread state: one writer, so volatile stores are enough and take no lock.
    private boolean capturePrimed;
    private volatile long playbackOverruns;
    private volatile long captureUnderruns;
    private volatile long captureSkips;

    public JavaSoundDriver(JavaSoundDriverSettings settings) {
        this.settings = settings;
    }

    /** The device's lines were opened for one period size; reopening them would stop the sound for a while. */
    @Override
    public String refuseResize(int nframes) {
        return nframes == periodFrames ? null : "the javasound driver cannot change its period while its device lines "
                + "are open; stop the server and start it again with -p " + nframes;
    }

    @Override
    public String name() {
        return "javasound";
    }

    @Override
    public void open(int sampleRate, int nframes) {
        if (opened) {
            throw new IllegalStateException("the javasound driver is already open");
        }
        opened = true;
        periodFrames = nframes;
        JavaSoundDevice device = JavaSoundDevice.find(settings.device());
        deviceName = device.name();
        Mixer mixer = device.mixer();
        int lineFrames = settings.periods() * nframes;
        // Poll a few times a period while idle: a late poll eats into the line's margin.
        long idleNanos = Math.max(50_000, Math.min(2_000_000, 250_000_000L * nframes / sampleRate));

        AudioFormat out = DeviceLineFormats.choose(mixer, SourceDataLine.class, sampleRate, settings.channels(),
                device.playbackChannels());
        if (out == null) {
            throw DeviceLineFormats.unsupported(deviceName, "playback", sampleRate, settings.channels());
        }
        SourceDataLine source = DeviceLineFormats.open(mixer, SourceDataLine.class, out, lineFrames, deviceName);
        playbackChannels = out.getChannels();
        int ringPeriods = settings.periods() + 1;
        playbackRing = new PeriodRing(ringPeriods, playbackChannels, nframes);
        player = new LinePlayer(source, playbackRing, nframes, idleNanos);

        AudioFormat in = device.canCapture() ? DeviceLineFormats.choose(mixer, TargetDataLine.class, sampleRate,
                settings.channels(), device.captureChannels()) : null;
        if (in != null) {
            try {
                TargetDataLine target = DeviceLineFormats.open(mixer, TargetDataLine.class, in, lineFrames, deviceName);
                captureChannels = in.getChannels();
                captureRing = new PeriodRing(ringPeriods, captureChannels, nframes);
                captureCushion = Math.max(1, settings.periods() - 1);
                recorder = new LineRecorder(target, captureRing, nframes, idleNanos);
            } catch (RuntimeException e) {
                source.close();
                throw e;
            }
        }
        player.start();
        if (recorder != null) {
            recorder.start();
        }
    }

    /** The mixer's name, once open. */
    /**
     * A period, the line's {@code periods} periods, then the ring: at least the cushion the reader keeps, at most
     * the ring's whole length.
     */
    @Override
    public LatencyRange captureLatency(int nframes) {
        int line = (settings.periods() + 1) * nframes;
        return new LatencyRange(line + captureCushion * nframes, line + (settings.periods() + 1) * nframes);
    }

    /** A period, the line's {@code periods} periods, and up to the writer's ring of {@code periods + 1}. */
    @Override
    public LatencyRange playbackLatency(int nframes) {
        int line = (settings.periods() + 1) * nframes;
        return new LatencyRange(line, line + (settings.periods() + 1) * nframes);
    }

    public String deviceName() {
        return deviceName;
    }

    /** The engine's clock paces the graph; the lines follow through their buffers. */
    @Override
    public long xruns() {
        return playbackUnderruns() + playbackOverruns + captureUnderruns + captureOverruns();
    }

    /** Episodes of the device playing everything it had (it then played silence). */
    public long playbackUnderruns() {
        return player == null ? 0 : player.underruns();
    }

    /** Periods of playback dropped because the writer's ring was full (the writer fell behind). */
    public long playbackOverruns() {
        return playbackOverruns;
    }

    /** Episodes of capture running dry: the engine got silence until the ring refilled. */
    public long captureUnderruns() {
        return captureUnderruns;
    }

    /** Capture periods lost: the ring or the line was full, or the engine skipped stale ones to keep latency. */
    public long captureOverruns() {
        return captureSkips + (recorder == null ? 0 : recorder.overruns());
    }

    /** Frames handed to the device so far, silence included. */
    public long framesWritten() {
        return player == null ? 0 : player.framesWritten();
    }

    /**
     * Realtime, allocation-free: copies the oldest captured period out of the ring. Until the ring holds
     * the cushion (at start and after running dry) capture is silence; periods beyond the cushion
     * (after the engine skipped some) are dropped, so capture latency stays bounded.
     */
    @Override
    public boolean read(FloatBuffer[] capture, int nframes) {
        if (recorder == null) {
            return true;
        }
        recorder.request();
        int n = Math.min(nframes, periodFrames);
        int level = captureRing.available();
        if (!capturePrimed && level < captureCushion) {
            Periods.silence(capture, n);
            return true;
        }
        if (level == 0) {
            captureUnderruns = captureUnderruns + 1; // counted once: the next periods wait for the cushion
            capturePrimed = false;
            Periods.silence(capture, n);
            return true;
        }
        capturePrimed = true;
        if (level > captureCushion + 1) {
            captureSkips = captureSkips + 1;
            for (; level > captureCushion; level--) {
                captureRing.release(captureRing.poll());
            }
        }
        long sequence = captureRing.poll();
        Periods.copyOut(captureRing.get(sequence).samples, capture, n);
        captureRing.release(sequence);
        return true;
    }

    /** Realtime, allocation-free: copies one period into the writer's ring, or counts it as dropped. */
    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        int n = Math.min(nframes, periodFrames);
        long sequence = playbackRing.tryClaim();
        if (sequence < 0) {
            playbackOverruns = playbackOverruns + 1;
            return;
        }
        Period period = playbackRing.get(sequence);
        Periods.copyIn(playback, period.samples, n);
        period.frames = n;
        playbackRing.publish(sequence);
    }

    /** Stops both lines at once (queued playback is not played), joins the threads, closes the lines. Idempotent. */
    @Override
    public void close() {
        if (closed || !opened) {
            closed = true;
            return;
        }
        closed = true;
        RuntimeException failure = null;
        if (recorder != null) {
            recorder.stop();
            failure = recorder.failure();
        }
        if (player != null) {
            player.stop();
            failure = player.failure() != null ? player.failure() : failure;
        }
        if (failure != null) {
            throw new TactusException("Java Sound device '" + deviceName + "' failed during the run (" + failure.getMessage()
                    + "); check that it is still connected", failure);
        }
    }
}
