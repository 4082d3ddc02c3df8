package io.tactus.server.driver.wav;

import io.tactus.api.TactusException;
import io.tactus.audio.PcmCodec;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Whole-file WAV reading and writing for tests and tools that check rendered audio, with the same
 * sample mapping as the {@code wav} driver, so a value read here is the value the graph saw. Everything
 * is held in memory at once: simple, and fine for seconds of audio, not for hours.
 */
public final class WavFiles {

    private WavFiles() {
    }

    /** Every sample of {@code path}, as {@code [channel][frame]} floats in [-1, 1) for PCM files. */
    public static float[][] readAll(Path path) {
        try (WavSource source = WavSource.open(path, "file")) {
            int frameSize = source.codec.frameSize();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] chunk = new byte[4096 * frameSize]; // whole frames: AudioInputStream reads no less
            for (int n = source.stream.read(chunk); n >= 0; n = source.stream.read(chunk)) {
                all.write(chunk, 0, n);
            }
            int frames = all.size() / frameSize;
            float[][] samples = new float[source.stream.getFormat().getChannels()][frames];
            source.codec.decode(all.toByteArray(), frames, samples, 0);
            return samples;
        } catch (IOException e) {
            throw new TactusException("file " + path + " cannot be read (" + e.getMessage() + "); check the file", e);
        }
    }

    /** The format stored in {@code path}'s header: encoding, rate, bits, channels. */
    public static AudioFormat formatOf(Path path) {
        return fileFormatOf(path).getFormat();
    }

    /** Frames in {@code path} according to its header. */
    public static long framesOf(Path path) {
        return fileFormatOf(path).getFrameLength();
    }

    /** Writes {@code samples[channel][frame]} to {@code path} as a WAV file in {@code format}. */
    public static void write(Path path, float[][] samples, int sampleRate, WavSampleFormat format) {
        AudioFormat audioFormat = format.audioFormat(sampleRate, samples.length);
        int frames = samples.length == 0 ? 0 : samples[0].length;
        byte[] bytes = new byte[frames * audioFormat.getFrameSize()];
        PcmCodec.of(audioFormat).encode(samples, frames, bytes);
        try (AudioInputStream stream = new AudioInputStream(new ByteArrayInputStream(bytes), audioFormat, frames)) {
            AudioSystem.write(stream, AudioFileFormat.Type.WAVE, path.toFile());
        } catch (IOException e) {
            throw new TactusException("cannot write WAV file " + path + " (" + e.getMessage() + "); choose another path", e);
        }
    }

    private static AudioFileFormat fileFormatOf(Path path) {
        try {
            return AudioSystem.getAudioFileFormat(path.toFile());
        } catch (UnsupportedAudioFileException e) {
            throw new TactusException("file " + path + " is not a WAV file Java can read; check the file");
        } catch (IOException e) {
            throw new TactusException("file " + path + " cannot be read (" + e.getMessage() + "); check the file", e);
        }
    }
}
