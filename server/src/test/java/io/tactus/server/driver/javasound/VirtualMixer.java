package io.tactus.server.driver.javasound;

import io.tactus.javasound.ControlFreeLine;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.Line;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;

/**
 * A test mixer with one {@link VirtualSourceLine} and one {@link VirtualTargetLine}, each of which may be
 * open once at a time (a second open is "busy"). It takes 16- and 24-bit little-endian PCM only, mono or
 * stereo, at any rate, so the driver's format choice has to pass over float and 32-bit PCM.
 */
public final class VirtualMixer extends ControlFreeLine implements Mixer {

    private static final AudioFormat[] FORMATS = {
        new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, AudioSystem.NOT_SPECIFIED, 16, 2, 4, AudioSystem.NOT_SPECIFIED, false),
        new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, AudioSystem.NOT_SPECIFIED, 16, 1, 2, AudioSystem.NOT_SPECIFIED, false),
        new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, AudioSystem.NOT_SPECIFIED, 24, 2, 6, AudioSystem.NOT_SPECIFIED, false),
        new AudioFormat(AudioFormat.Encoding.PCM_SIGNED, AudioSystem.NOT_SPECIFIED, 24, 1, 3, AudioSystem.NOT_SPECIFIED, false),
    };
    private static final DataLine.Info SOURCE = new DataLine.Info(SourceDataLine.class, FORMATS,
            AudioSystem.NOT_SPECIFIED, AudioSystem.NOT_SPECIFIED);
    private static final DataLine.Info TARGET = new DataLine.Info(TargetDataLine.class, FORMATS,
            AudioSystem.NOT_SPECIFIED, AudioSystem.NOT_SPECIFIED);

    private final Mixer.Info info;
    private volatile VirtualSourceLine source;
    private volatile VirtualTargetLine target;

    VirtualMixer(String name, String description) {
        this.info = new Mixer.Info(name, "Tactus tests", description, "1") {
        };
    }

    /** The playback line last handed out, for tests to watch and steer. */
    public VirtualSourceLine source() {
        return source;
    }

    /** The capture line last handed out. */
    public VirtualTargetLine target() {
        return target;
    }

    @Override
    public Mixer.Info getMixerInfo() {
        return info;
    }

    @Override
    public Line.Info[] getSourceLineInfo() {
        return new Line.Info[] {SOURCE};
    }

    @Override
    public Line.Info[] getTargetLineInfo() {
        return new Line.Info[] {TARGET};
    }

    @Override
    public Line.Info[] getSourceLineInfo(Line.Info wanted) {
        return SOURCE.matches(wanted) || wanted.matches(SOURCE) ? getSourceLineInfo() : new Line.Info[0];
    }

    @Override
    public Line.Info[] getTargetLineInfo(Line.Info wanted) {
        return TARGET.matches(wanted) || wanted.matches(TARGET) ? getTargetLineInfo() : new Line.Info[0];
    }

    @Override
    public boolean isLineSupported(Line.Info wanted) {
        // The wanted info's formats must each match one of ours (ours have wildcards).
        return wanted.matches(SOURCE) || wanted.matches(TARGET);
    }

    @Override
    public synchronized Line getLine(Line.Info wanted) throws LineUnavailableException {
        if (wanted.matches(SOURCE)) {
            if (source != null && source.isOpen()) {
                throw new LineUnavailableException("the virtual playback line is in use");
            }
            source = new VirtualSourceLine(SOURCE);
            return source;
        }
        if (wanted.matches(TARGET)) {
            if (target != null && target.isOpen()) {
                throw new LineUnavailableException("the virtual capture line is in use");
            }
            target = new VirtualTargetLine(TARGET);
            return target;
        }
        throw new IllegalArgumentException("not supported: " + wanted);
    }

    @Override
    public int getMaxLines(Line.Info wanted) {
        return isLineSupported(wanted) ? 1 : 0;
    }

    @Override
    public Line[] getSourceLines() {
        VirtualSourceLine line = source;
        return line != null && line.isOpen() ? new Line[] {line} : new Line[0];
    }

    @Override
    public Line[] getTargetLines() {
        VirtualTargetLine line = target;
        return line != null && line.isOpen() ? new Line[] {line} : new Line[0];
    }

    @Override
    public void synchronize(Line[] lines, boolean maintainSync) {
        throw new IllegalArgumentException("the virtual mixer does not synchronise lines");
    }

    @Override
    public void unsynchronize(Line[] lines) {
        throw new IllegalArgumentException("the virtual mixer does not synchronise lines");
    }

    @Override
    public boolean isSynchronizationSupported(Line[] lines, boolean maintainSync) {
        return false;
    }

    @Override
    public Line.Info getLineInfo() {
        return new Line.Info(Mixer.class);
    }

    @Override
    public void open() {
        // Always open: lines open on their own.
    }

    @Override
    public void close() {
        // Lines are closed by their owners.
    }

    @Override
    public boolean isOpen() {
        return true;
    }
}
