package io.tactus.clients.midi;

import io.tactus.api.TactusException;

import javax.sound.midi.InvalidMidiDataException;
import javax.sound.midi.MidiMessage;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.MidiUnavailableException;
import javax.sound.midi.Receiver;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.Soundbank;
import javax.sound.midi.Synthesizer;
import javax.sound.midi.SysexMessage;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The JDK's software synthesizer (Gervill) rendering into memory, one block of a fixed size at a time, instead of
 * into a sound card line. Gervill's own {@code AudioSynthesizer.openStream} does this but lives in a package the
 * JDK does not export, so this needs {@value #EXPORT_OPTION}; the trade-off is one JVM option for a synthesizer
 * every JDK carries. Its control rate is set to one block, and each message is sent with a timestamp on the
 * stream's own clock (its frames rendered), which Gervill honours to the sample: a note-on sent for frame {@code f}
 * of the stream starts sounding at frame {@code f + ONSET_BLOCKS x block} of it, {@link #ONSET_BLOCKS} blocks of
 * latency of its own, the same for every note (a message sent "now", without a timestamp, starts at a block
 * boundary one block sooner or later by the moment it arrives). Not thread-safe: one thread sends and renders.
 */
final class JdkSynth implements AutoCloseable {

    static final String EXPORT_OPTION = "--add-exports java.desktop/com.sun.media.sound=ALL-UNNAMED";
    /** Blocks from the stream frame a note-on is sent for to its first sound. */
    static final int ONSET_BLOCKS = 2;

    private static final int CHANNELS = 2;
    private static final int BYTES_PER_FRAME = CHANNELS * Float.BYTES;

    private final Synthesizer synth;
    private final Receiver receiver;
    private final AudioInputStream stream;
    private final byte[] bytes;
    private final FloatBuffer floats;
    private final int blockFrames;
    private final double microsPerFrame;
    private long framesRendered;

    private JdkSynth(Synthesizer synth, AudioInputStream stream, int blockFrames) throws MidiUnavailableException {
        this.synth = synth;
        this.stream = stream;
        this.receiver = synth.getReceiver();
        this.blockFrames = blockFrames;
        this.microsPerFrame = 1_000_000.0 / stream.getFormat().getSampleRate();
        this.bytes = new byte[blockFrames * BYTES_PER_FRAME];
        this.floats = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
    }

    /**
     * Opens the synthesizer at {@code sampleRate}, rendering {@code blockFrames} stereo frames a block, with the
     * instruments of {@code soundbank} (a SoundFont 2 or DLS file) or, when null, the JDK's default bank.
     */
    static JdkSynth open(int sampleRate, int blockFrames, Path soundbank) {
        Soundbank bank = soundbank == null ? null : readSoundbank(soundbank);
        Synthesizer synth;
        try {
            synth = MidiSystem.getSynthesizer();
        } catch (MidiUnavailableException e) {
            throw new TactusException("this JVM has no software synthesizer: " + e.getMessage());
        }
        Method openStream;
        try {
            openStream = synth.getClass().getMethod("openStream", AudioFormat.class, Map.class);
        } catch (NoSuchMethodException e) {
            throw new TactusException("the JVM's synthesizer (" + synth.getDeviceInfo().getName()
                    + ") cannot render into memory; the synth client needs the JDK's own, Gervill");
        }
        AudioFormat format = new AudioFormat(AudioFormat.Encoding.PCM_FLOAT, sampleRate, Float.SIZE, CHANNELS,
                BYTES_PER_FRAME, sampleRate, false);
        Map<String, Object> info = Map.of("control rate", (float) sampleRate / blockFrames);
        AudioInputStream stream;
        try {
            stream = (AudioInputStream) openStream.invoke(synth, format, info);
        } catch (IllegalAccessException e) {
            throw new TactusException("the synth client needs the JVM option " + EXPORT_OPTION
                    + " (./tactus passes it)");
        } catch (InvocationTargetException e) {
            throw new TactusException("the software synthesizer did not open: " + e.getCause().getMessage());
        }
        try {
            JdkSynth opened = new JdkSynth(synth, stream, blockFrames);
            if (bank != null) {
                opened.load(bank, soundbank);
            }
            return opened;
        } catch (MidiUnavailableException | RuntimeException e) {
            synth.close();
            throw e instanceof TactusException t ? t
                    : new TactusException("the software synthesizer did not open: " + e.getMessage());
        }
    }

    private static Soundbank readSoundbank(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new TactusException("there is no soundbank file " + file);
        }
        try {
            return MidiSystem.getSoundbank(file.toFile());
        } catch (InvalidMidiDataException | IOException e) {
            throw new TactusException(file + " is not a SoundFont 2 or DLS soundbank the JDK can read");
        }
    }

    private void load(Soundbank bank, Path file) {
        if (!synth.isSoundbankSupported(bank)) {
            throw new TactusException("the software synthesizer cannot play the instruments of " + file);
        }
        Soundbank builtIn = synth.getDefaultSoundbank();
        if (builtIn != null) {
            synth.unloadAllInstruments(builtIn);
        }
        if (!synth.loadAllInstruments(bank)) {
            throw new TactusException("the software synthesizer loaded none of the instruments of " + file);
        }
    }

    int blockFrames() {
        return blockFrames;
    }

    /** Frames rendered so far: the stream frame the next {@link #render} begins with. */
    long framesRendered() {
        return framesRendered;
    }

    /**
     * Hands one MIDI message to the synthesizer for frame {@code offset} of the next block; false (and nothing
     * sent) when the bytes are not a message Java's MIDI API accepts.
     */
    boolean send(byte[] data, int length, int offset) {
        MidiMessage message;
        try {
            int status = data[0] & 0xFF;
            if (status == SysexMessage.SYSTEM_EXCLUSIVE || status == SysexMessage.SPECIAL_SYSTEM_EXCLUSIVE) {
                message = new SysexMessage(data, length);
            } else {
                ShortMessage shortMessage = new ShortMessage();
                shortMessage.setMessage(status, length > 1 ? data[1] & 0xFF : 0, length > 2 ? data[2] & 0xFF : 0);
                message = shortMessage;
            }
        } catch (InvalidMidiDataException e) {
            return false;
        }
        receiver.send(message, Math.round((framesRendered + offset) * microsPerFrame));
        return true;
    }

    /** Renders the next block into {@code left} and {@code right}, each at least {@link #blockFrames} long. */
    void render(float[] left, float[] right) throws IOException {
        int wanted = bytes.length;
        for (int read = 0; read < wanted; ) {
            int n = stream.read(bytes, read, wanted - read);
            if (n < 0) {
                throw new IOException("the synthesizer's stream ended");
            }
            read += n;
        }
        for (int f = 0; f < blockFrames; f++) {
            left[f] = floats.get(CHANNELS * f);
            right[f] = floats.get(CHANNELS * f + 1);
        }
        framesRendered += blockFrames;
    }

    @Override
    public void close() {
        receiver.close();
        synth.close();
    }
}
