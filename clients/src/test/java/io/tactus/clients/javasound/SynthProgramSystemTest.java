package io.tactus.clients.javasound;

import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.clients.javasound.programs.FourNoteProgram;
import io.tactus.clients.midi.SynthClient;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.server.driver.wav.WavSampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unmodified {@code javax.sound.midi} program, in a JVM of its own, plays a four-note sequence into the Tactus
 * MIDI device, which feeds the synth client; the {@code wav} driver records the synth on its first two channels
 * and, from an in-process client on the same MIDI output, a marker on the third (one full-scale sample at the frame
 * each note-on arrived at) and the frame time itself on the fourth (each sample holds its frame, exact in a float
 * for the test's few seconds). A period the host made the engine skip is missing from the recording but not from
 * the frame time, so onsets and arrivals are compared as frame times, read from the fourth channel.
 */
class SynthProgramSystemTest {

    private static final int PERIOD = 256;
    /** Well past what a normal thread on a loaded host needs, so a late block does not hide an onset. */
    private static final int AHEAD = 8;
    private static final double THRESHOLD = 1e-3;

    @TempDir
    Path dir;

    @Test
    void shouldSoundEveryNoteOfAnUnmodifiedSequencerProgramAtItsFramePlusTheSynthsStatedLatency() throws Exception {
        Path out = dir.resolve("synth.wav");
        String name = "jssynth-" + ProcessHandle.current().pid();
        long latency;
        SynthClient synth = null;
        try (ProgramRecording recording = ProgramRecording.start(name, out, dir.resolve("rt"), PERIOD, 4,
                WavSampleFormat.FLOAT32)) {
            TactusClient synthClient = recording.server.openClient("synth");
            synth = new SynthClient(synthClient, null, AHEAD);
            latency = synth.latencyFrames();
            synthClient.activate();
            synthClient.connect("synth:out_1", "system:playback_1");
            synthClient.connect("synth:out_2", "system:playback_2");
            TactusClient marker = markerClient(recording);
            marker.connect("marker:out", "system:playback_3");
            marker.connect("marker:frames", "system:playback_4");

            Process program = recording.launch(FourNoteProgram.class, List.of("-Djavax.sound.midi.Receiver=#Tactus",
                    "-Dtactus.midi.connect=synth:midi_in,marker:midi_in"));
            String output = recording.finish(program, 60);
            System.out.print("FourNoteProgram: " + output);
            assertTrue(output.contains("sequence played"), output);
            System.out.printf("synth: %d blocks rendered, %d late, %d skipped, %d events lost, %d refused%n",
                    synth.renderedBlocks(), synth.lateBlocks(), synth.skippedBlocks(), synth.lost(), synth.rejected());
            assertEquals(null, synth.failure(), "the rendering thread kept rendering");
        } finally {
            if (synth != null) {
                synth.close();
            }
        }
        assertEquals((AHEAD + 2) * (long) PERIOD, latency, "the stated latency: ahead periods plus the synth's own block");

        float[][] channels = WavFiles.readAll(out);
        float[] frames = channels[3];
        List<Long> markers = new ArrayList<>();
        for (int i = 0; i < channels[2].length; i++) {
            if (channels[2][i] > 0.5f) {
                markers.add((long) frames[i]);
            }
        }
        List<Long> onsets = onsets(channels[0], PERIOD).stream().map(i -> (long) frames[i]).toList();
        System.out.println("note-ons recorded at " + markers + ", onsets at " + onsets + ", latency " + latency);
        assertEquals(FourNoteProgram.KEYS.length, markers.size(), "one marker for each note-on of the sequence");
        assertEquals(FourNoteProgram.KEYS.length, onsets.size(), "four note onsets in the recording, no more");
        long worst = 0;
        for (int i = 0; i < markers.size(); i++) {
            long off = onsets.get(i) - (markers.get(i) + latency);
            worst = Math.max(worst, Math.abs(off));
            System.out.printf("note %d: onset %d frames from its arrival plus the stated latency%n", i + 1, off);
            assertTrue(Math.abs(off) <= 2L * PERIOD, "note " + (i + 1) + " sounds within 2 periods of its arrival plus "
                    + latency + " frames: " + off + " frames off");
        }
        for (int i = 1; i < markers.size(); i++) {
            long spacing = markers.get(i) - markers.get(i - 1);
            assertEquals(ProgramRecording.RATE, spacing, ProgramRecording.RATE / 20.0,
                    "the sequencer's notes arrive a second apart: " + spacing + " frames");
        }
        System.out.printf("synth through Tactus: 4 onsets, the worst %d frames (%.2f periods) from its scheduled frame"
                + " plus %d frames%n", worst, worst / (double) PERIOD, latency);
    }

    /**
     * An in-process client that marks each note-on of its MIDI input with one sample of 1.0 on {@code out}, and
     * writes each frame's frame time on {@code frames}.
     */
    private static TactusClient markerClient(ProgramRecording recording) {
        TactusClient marker = recording.server.openClient("marker");
        Port in = marker.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
        Port audio = marker.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
        Port frames = marker.registerPort("frames", PortType.AUDIO, PortFlag.OUTPUT);
        FrameClock clock = marker.clock();
        marker.setProcessCallback(nframes -> {
            FloatBuffer buffer = audio.getFloatBuffer();
            FloatBuffer time = frames.getFloatBuffer();
            long first = clock.lastFrameTime();
            for (int i = 0; i < nframes; i++) {
                buffer.put(i, 0f);
                time.put(i, first + i);
            }
            MidiBuffer events = in.getMidiBuffer();
            for (int e = 0; e < events.eventCount(); e++) {
                if ((events.get(e, 0) & 0xF0) == 0x90 && events.size(e) == 3 && events.get(e, 2) > 0) {
                    buffer.put(events.frame(e), 1f);
                }
            }
        });
        marker.activate();
        return marker;
    }

    /** Frames where the signal rises above the threshold after at least {@code quiet} frames below it. */
    private static List<Integer> onsets(float[] samples, int quiet) {
        List<Integer> onsets = new ArrayList<>();
        int below = quiet;
        for (int i = 0; i < samples.length; i++) {
            if (Math.abs(samples[i]) > THRESHOLD) {
                if (below >= quiet) {
                    onsets.add(i);
                }
                below = 0;
            } else {
                below++;
            }
        }
        return onsets;
    }
}
