package io.tactus.server.driver.wav;

import java.nio.file.Path;

/**
 * How the {@code wav} driver runs, with its defaults in one place. Paced runs exercise the realtime path
 * as a sound card would, at the cost of taking as long as the audio lasts; freewheel renders as fast as
 * the graph goes but says nothing about timing.
 *
 * @param input            capture file; null means no file: {@code captureChannels} of silence
 * @param output           playback file; null means playback is discarded
 * @param captureChannels  capture ports when there is no input file (the file's channel count wins)
 * @param playbackChannels playback ports; 0 means as many as there are capture ports
 * @param paced            true: periods follow the clock (underruns give silence); false: freewheel
 * @param lengthFrames     frames to run when there is no input file; 0 or less runs until stopped
 * @param outputFormat     sample format of the output file; null means the input file's, else PCM16
 */
public record WavDriverSettings(Path input, Path output, int captureChannels, int playbackChannels,
                                boolean paced, long lengthFrames, WavSampleFormat outputFormat) {

    /** Capture ports when there is neither an input file nor a count given, as for {@code dummy}. */
    public static final int DEFAULT_CHANNELS = 2;

    /**
     * How far the reader decodes ahead and how much the writer may lag behind, in milliseconds of audio.
     * Longer rides out longer disk stalls in paced mode at the cost of memory and start-up time.
     */
    public static final int BUFFER_MILLIS = 250;

    public WavDriverSettings {
        if (captureChannels < 0 || playbackChannels < 0) {
            throw new IllegalArgumentException("channel counts must not be negative");
        }
    }

    /** File in, file out, freewheel, output in the input's format: the bit-exact offline render. */
    public static WavDriverSettings of(Path input, Path output) {
        return new WavDriverSettings(input, output, DEFAULT_CHANNELS, 0, false, 0, null);
    }

    /** No input file: {@code channels} of silent capture for {@code lengthFrames}, freewheel. */
    public static WavDriverSettings render(Path output, int channels, long lengthFrames) {
        return new WavDriverSettings(null, output, channels, channels, false, lengthFrames, null);
    }

    public WavDriverSettings withPaced(boolean paced) {
        return new WavDriverSettings(input, output, captureChannels, playbackChannels, paced, lengthFrames, outputFormat);
    }

    public WavDriverSettings withOutputFormat(WavSampleFormat format) {
        return new WavDriverSettings(input, output, captureChannels, playbackChannels, paced, lengthFrames, format);
    }

    public WavDriverSettings withPlaybackChannels(int channels) {
        return new WavDriverSettings(input, output, captureChannels, channels, paced, lengthFrames, outputFormat);
    }
}
