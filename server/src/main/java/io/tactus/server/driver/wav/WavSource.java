package io.tactus.server.driver.wav;

import io.tactus.api.TactusException;
import io.tactus.audio.PcmCodec;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An opened, checked WAV file whose samples {@link PcmCodec} can decode. Parsing is left entirely to
 * {@code javax.sound.sampled}; formats our codec does not read (8-bit unsigned, µ-law, 64-bit float) are
 * first converted by AudioSystem, which costs a copy but keeps us out of the header business. Every
 * failure a user can cause becomes a {@link TactusException} naming the file.
 */
final class WavSource implements AutoCloseable {

    final Path path;
    /** The format as stored in the file, before any conversion: the default for the output file. */
    final AudioFormat fileFormat;
    final AudioInputStream stream;
    final PcmCodec codec;
    /** Frames in the file, or {@link AudioSystem#NOT_SPECIFIED} when the header does not say. */
    final long frameLength;

    private WavSource(Path path, AudioFormat fileFormat, AudioInputStream stream, long frameLength) {
        this.path = path;
        this.fileFormat = fileFormat;
        this.stream = stream;
        this.codec = PcmCodec.of(stream.getFormat());
        this.frameLength = frameLength;
    }

    /** Opens {@code path}; {@code role} starts every error sentence, e.g. "capture file". */
    static WavSource open(Path path, String role) {
        if (!Files.exists(path)) {
            throw new TactusException(role + " " + path + " does not exist; check the path");
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new TactusException(role + " " + path + " is not a readable file; check the path and its permissions");
        }
        AudioFileFormat fileFormat = fileFormat(path, role);
        if (!AudioFileFormat.Type.WAVE.equals(fileFormat.getType())) {
            throw new TactusException(role + " " + path + " is a " + fileFormat.getType()
                    + " file, not WAV; convert it to WAV");
        }
        AudioInputStream stream = stream(path, role);
        try {
            AudioInputStream decodable = decodable(stream, path, role);
            return new WavSource(path, fileFormat.getFormat(), decodable, decodable.getFrameLength());
        } catch (RuntimeException e) {
            closeQuietly(stream);
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }

    private static AudioFileFormat fileFormat(Path path, String role) {
        try {
            return AudioSystem.getAudioFileFormat(path.toFile());
        } catch (UnsupportedAudioFileException e) {
            throw new TactusException(role + " " + path + " is not a WAV file Java can read; convert it to 16- or 24-bit PCM WAV");
        } catch (IOException e) {
            throw new TactusException(role + " " + path + " cannot be read (" + e.getMessage() + "); check the file", e);
        }
    }

    private static AudioInputStream stream(Path path, String role) {
        InputStream in = null;
        try {
            // Our own buffered stream: AudioSystem's file overload reads in small pieces.
            in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
            return AudioSystem.getAudioInputStream(in);
        } catch (UnsupportedAudioFileException e) {
            closeQuietly(in);
            throw new TactusException(role + " " + path + " is not a WAV file Java can read; convert it to 16- or 24-bit PCM WAV");
        } catch (IOException e) {
            closeQuietly(in);
            throw new TactusException(role + " " + path + " cannot be read (" + e.getMessage() + "); check the file", e);
        }
    }

    /** The stream itself when our codec reads it, otherwise AudioSystem's conversion to one it does. */
    private static AudioInputStream decodable(AudioInputStream stream, Path path, String role) {
        AudioFormat format = stream.getFormat();
        if (PcmCodec.supports(format)) {
            return stream;
        }
        for (AudioFormat wanted : conversions(format)) {
            if (AudioSystem.isConversionSupported(wanted, format)) {
                return AudioSystem.getAudioInputStream(wanted, stream);
            }
        }
        throw new TactusException(role + " " + path + " holds " + format.getEncoding() + " "
                + format.getSampleSizeInBits() + "-bit samples, which Java cannot convert; convert it to 16- or 24-bit PCM WAV");
    }

    /**
     * What to ask AudioSystem for, best first: signed samples of the same size (for 8-bit unsigned
     * that is an exact sign flip, where widening to 16 bits would go through float and round), else
     * 16-bit PCM, or 32-bit float for float input.
     */
    private static List<AudioFormat> conversions(AudioFormat format) {
        float rate = format.getSampleRate();
        int channels = format.getChannels();
        if (AudioFormat.Encoding.PCM_FLOAT.equals(format.getEncoding())) {
            return List.of(WavSampleFormat.FLOAT32.audioFormat(rate, channels));
        }
        List<AudioFormat> wanted = new ArrayList<>();
        int bits = format.getSampleSizeInBits();
        if (bits > 0 && bits <= 32 && bits % 8 == 0) {
            wanted.add(new AudioFormat(rate, bits, channels, true, false));
        }
        wanted.add(WavSampleFormat.PCM16.audioFormat(rate, channels));
        return wanted;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // Already failing with a clearer message; a close error would only hide it.
        }
    }
}
