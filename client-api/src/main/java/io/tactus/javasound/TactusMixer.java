package io.tactus.javasound;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.Line;
import javax.sound.sampled.LineEvent;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The mixer named "Tactus": every line it hands out is a client of its own on the Tactus server, so it can give
 * out any number of lines and the server's graph does the mixing. One per JVM, because the JDK makes a new
 * provider on every lookup and a program expects the same mixer each time. It offers a kind of line only when
 * {@link JavaSoundSettings#offers} says the program asked for Tactus; it has no controls, no clips and no
 * synchronisation.
 */
final class TactusMixer extends ControlFreeLine implements Mixer {

    static final String NAME = "Tactus";
    static final TactusMixer INSTANCE = new TactusMixer();

    private static final Mixer.Info INFO = new TactusInfo();
    private static final Line.Info MIXER_LINE = new Line.Info(Mixer.class);

    private final List<TactusDataLine> openLines = new CopyOnWriteArrayList<>();
    private volatile boolean open;

    private TactusMixer() {
    }

    /** True when the program asked for at least one kind of Tactus line. */
    static boolean offered() {
        return offersSource() || offersTarget();
    }

    private static boolean offersSource() {
        return JavaSoundSettings.offers(System.getProperties(), JavaSoundSettings.SOURCE_LINE_PROPERTY);
    }

    private static boolean offersTarget() {
        return JavaSoundSettings.offers(System.getProperties(), JavaSoundSettings.TARGET_LINE_PROPERTY);
    }

    static Mixer.Info info() {
        return INFO;
    }

    @Override
    public Mixer.Info getMixerInfo() {
        return INFO;
    }

    @Override
    public Line.Info[] getSourceLineInfo() {
        return offersSource() ? new Line.Info[] {LineFormats.info(SourceDataLine.class)} : new Line.Info[0];
    }

    @Override
    public Line.Info[] getTargetLineInfo() {
        return offersTarget() ? new Line.Info[] {LineFormats.info(TargetDataLine.class)} : new Line.Info[0];
    }

    @Override
    public Line.Info[] getSourceLineInfo(Line.Info info) {
        return matching(getSourceLineInfo(), info);
    }

    @Override
    public Line.Info[] getTargetLineInfo(Line.Info info) {
        return matching(getTargetLineInfo(), info);
    }

    /** As the JDK's mixers judge it: the request matches one of ours. */
    private static Line.Info[] matching(Line.Info[] ours, Line.Info requested) {
        List<Line.Info> found = new ArrayList<>();
        for (Line.Info candidate : ours) {
            if (requested.matches(candidate)) {
                found.add(candidate);
            }
        }
        return found.toArray(new Line.Info[0]);
    }

    @Override
    public boolean isLineSupported(Line.Info info) {
        return getSourceLineInfo(info).length > 0 || getTargetLineInfo(info).length > 0;
    }

    /** Unlimited: each line is its own client and the graph mixes them. */
    @Override
    public int getMaxLines(Line.Info info) {
        return isLineSupported(info) ? AudioSystem.NOT_SPECIFIED : 0;
    }

    @Override
    public Line getLine(Line.Info info) {
        AudioFormat format = defaultFormat(info);
        if (getSourceLineInfo(info).length > 0) {
            return new TactusSourceLine(this, LineFormats.info(SourceDataLine.class), format);
        }
        if (getTargetLineInfo(info).length > 0) {
            return new TactusTargetLine(this, LineFormats.info(TargetDataLine.class), format);
        }
        throw new IllegalArgumentException("the Tactus mixer has no line matching " + info
                + (offered() ? "" : "; start the program with -D" + JavaSoundSettings.SOURCE_LINE_PROPERTY + "=#"
                        + NAME + " (or " + JavaSoundSettings.TARGET_LINE_PROPERTY + ") to use it"));
    }

    /** The first fully given format of the request, as the JDK's lines take it; else CD audio. */
    private static AudioFormat defaultFormat(Line.Info info) {
        if (info instanceof DataLine.Info data) {
            for (AudioFormat format : data.getFormats()) {
                if (LineFormats.problem(format) == null && format.getSampleRate() != AudioSystem.NOT_SPECIFIED) {
                    return format;
                }
            }
        }
        return LineFormats.DEFAULT;
    }

    void opened(TactusDataLine line) {
        openLines.add(line);
    }

    void closed(TactusDataLine line) {
        openLines.remove(line);
    }

    @Override
    public Line[] getSourceLines() {
        return openLines.stream().filter(l -> l instanceof SourceDataLine).toArray(Line[]::new);
    }

    @Override
    public Line[] getTargetLines() {
        return openLines.stream().filter(l -> l instanceof TargetDataLine).toArray(Line[]::new);
    }

    @Override
    public void synchronize(Line[] lines, boolean maintainSync) {
        throw new IllegalArgumentException("the Tactus mixer cannot synchronise lines");
    }

    @Override
    public void unsynchronize(Line[] lines) {
        throw new IllegalArgumentException("the Tactus mixer cannot synchronise lines");
    }

    @Override
    public boolean isSynchronizationSupported(Line[] lines, boolean maintainSync) {
        return false;
    }

    @Override
    public Line.Info getLineInfo() {
        return MIXER_LINE;
    }

    /** The mixer itself holds nothing: each line joins the server when it opens. */
    @Override
    public void open() {
        if (!open) {
            open = true;
            send(LineEvent.Type.OPEN);
        }
    }

    /** Closes the mixer, not its lines: lines belong to whoever opened them. */
    @Override
    public void close() {
        if (open) {
            open = false;
            send(LineEvent.Type.CLOSE);
        }
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    private void send(LineEvent.Type type) {
        send(type, AudioSystem.NOT_SPECIFIED);
    }

    private static final class TactusInfo extends Mixer.Info {
        TactusInfo() {
            super(NAME, "Tactus", "Plays and records through a Tactus audio graph server, one client per line", "0.1");
        }
    }
}
