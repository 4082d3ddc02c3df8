package io.tactus.clients.javasound;

import io.tactus.api.TactusClient;
import io.tactus.clients.Tones;
import io.tactus.clients.javasound.programs.AudioServersSineProgram;
import io.tactus.clients.javasound.programs.MidiProgram;
import io.tactus.clients.javasound.programs.SequencerProgram;
import io.tactus.clients.javasound.programs.ToneProgram;
import io.tactus.server.driver.wav.WavFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unmodified Java Sound programs, each in a JVM of its own with nothing but the client jar, JNA and the program on
 * its class path, play through a real server (control socket, paced {@code wav} driver recording at 48 kHz). The
 * recording alone is measured. Every process started is stopped, also on failure.
 */
class JavaSoundProgramsSystemTest {

    private static final int RATE = ProgramRecording.RATE;
    private static final double QUIET = 1e-3;

    @TempDir
    Path dir;

    @Test
    void shouldPlayAnUnmodifiedToneProgramAt440HertzWithoutAGap() throws Exception {
        Path out = dir.resolve("tone.wav");
        String name = "jstone-" + ProcessHandle.current().pid();
        List<String> portsWhilePlaying;
        try (ProgramRecording recording = ProgramRecording.start(name, out, dir.resolve("rt"))) {
            Process program = recording.launch(ToneProgram.class, "2.5");
            try (TactusClient probe = recording.server.openClient("probe")) {
                portsWhilePlaying = awaitPorts(probe, "ToneProgram:", 2, 30_000);
                String output = recording.finish(program, 60);
                System.out.print("ToneProgram: " + output);
                assertTrue(output.contains("played 110250 frames, position 110250"), "drain played every frame: " + output);
                assertTrue(probe.getPorts().stream().noneMatch(p -> p.startsWith("ToneProgram")),
                        "after close the client is gone: " + probe.getPorts());
            }
        }
        assertEquals(List.of("ToneProgram:out_1", "ToneProgram:out_2"), portsWhilePlaying);

        float[][] channels = WavFiles.readAll(out);
        float[] left = channels[0];
        int first = Tones.firstAbove(left, 0.01);
        int last = Tones.lastAbove(left, 0.01);
        assertTrue(first >= 0, "the recording is not silent");
        double seconds = (last - first) / (double) RATE;
        double hz = Tones.frequency(left, first + RATE / 10, last - RATE / 10, RATE);
        int[] quiet = Tones.longestQuietRunAt(left, first, last, QUIET);
        int gap = quiet[1];
        System.out.printf("ToneProgram through Tactus: %.4f Hz, tone %.4f s long, longest quiet run %d samples"
                + " (%.3f s into the tone)%n", hz, seconds, gap, (quiet[0] - first) / (double) RATE);
        assertEquals(440, hz, 1.0, "the tone keeps its pitch through 44.1 -> 48 kHz");
        assertEquals(2.5, seconds, 0.01, "the whole tone was played, none of it twice");
        assertTrue(gap <= 3, "no gap in the tone: the longest run of samples under " + QUIET + " is " + gap);
        for (int i = first; i <= last; i++) {
            assertEquals(left[i], channels[1][i], 1e-6, "stereo: both channels carry the tone, frame " + i);
        }
    }

    @Test
    void shouldPlayTheJdkSoftwareSynthesizerThroughTactus() throws Exception {
        Path out = dir.resolve("midi.wav");
        String name = "jsmidi-" + ProcessHandle.current().pid();
        try (ProgramRecording recording = ProgramRecording.start(name, out, dir.resolve("rt"))) {
            Process program = recording.launch(MidiProgram.class);
            String output = recording.finish(program, 60);
            System.out.print("MidiProgram: " + output);
            assertTrue(output.contains("synthesizer closed"), output);
        }
        float[] left = WavFiles.readAll(out)[0];
        int first = Tones.firstAbove(left, QUIET);
        int last = Tones.lastAbove(left, QUIET);
        assertTrue(first >= 0, "the synthesizer was heard");
        double rms = Tones.rms(left, first, Math.min(last, first + RATE)); // the chord's second
        System.out.printf("MidiProgram through Tactus: %.2f s of sound, RMS %.4f over the first second%n",
                (last - first) / (double) RATE, rms);
        assertTrue(rms > 0.01, "the notes are well above silence: RMS " + rms);
        assertTrue(last - first > RATE, "the chord and the run last over a second: " + (last - first) + " samples");
    }

    @Test
    void shouldRecordTheNotesOfAnUnmodifiedSequencerProgramPlayingIntoTheDefaultReceiver() throws Exception {
        String name = "jsseq-" + ProcessHandle.current().pid();
        int events = 2 * SequencerProgram.NOTES;
        long[] frames = new long[events];
        int[] status = new int[events];
        int[] keys = new int[events];
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        try (ProgramRecording recording = ProgramRecording.start(name, dir.resolve("seq.wav"), dir.resolve("rt"));
             TactusClient recorder = recording.server.openClient("rec")) {
            io.tactus.api.Port in = recorder.registerPort("midi_in", io.tactus.api.PortType.MIDI,
                    io.tactus.api.PortFlag.INPUT);
            io.tactus.api.FrameClock clock = recorder.clock();
            recorder.setProcessCallback(nframes -> {
                io.tactus.api.MidiBuffer buffer = in.getMidiBuffer();
                int c = count.get();
                for (int e = 0; e < buffer.eventCount() && c < events; e++, c++) {
                    frames[c] = clock.lastFrameTime() + buffer.frame(e);
                    status[c] = buffer.get(e, 0);
                    keys[c] = buffer.get(e, 1);
                }
                count.lazySet(c);
            });
            recorder.activate();
            Process program = recording.launch(SequencerProgram.class, List.of("-Djavax.sound.midi.Receiver=#Tactus",
                    "-Dtactus.midi.connect=rec:midi_in"));
            String output = recording.finish(program, 60);
            System.out.print("SequencerProgram: " + output);
            assertTrue(output.contains("sequence played"), output);
        }
        assertEquals(events, count.get(), "every note on and off of the sequence, none besides");
        long worst = 0;
        for (int i = 0; i < SequencerProgram.NOTES; i++) {
            assertEquals(0x90, status[2 * i], "note on " + i + " in its place");
            assertEquals(0x80, status[2 * i + 1], "note off " + i + " after it");
            assertEquals(SequencerProgram.FIRST_KEY + i, keys[2 * i]);
            assertEquals(SequencerProgram.FIRST_KEY + i, keys[2 * i + 1]);
            worst = Math.max(worst, Math.abs(frames[2 * i] - frames[0] - i * RATE / 2L)); // a beat at 120 bpm
            worst = Math.max(worst, Math.abs(frames[2 * i + 1] - frames[2 * i] - RATE * 2 / 5)); // 384 ticks of 480 a beat
        }
        System.out.printf("SequencerProgram through Tactus: %d events, each within %d frames of the sequence's time%n",
                events, worst);
        assertTrue(worst < RATE / 20, "the notes keep the sequence's timing within 50 ms: " + worst + " frames off");
    }

    @Test
    void shouldPlayAnAudioServersProgramThroughTheTactusProviderAtTheSinesFrequency() throws Exception {
        Path out = dir.resolve("audioservers.wav");
        String name = "jsaudioservers-" + ProcessHandle.current().pid();
        String output;
        try (ProgramRecording recording = ProgramRecording.start(name, out, dir.resolve("rt"))) {
            Process program = recording.launch(AudioServersSineProgram.class, List.of(),
                    List.of(org.jaudiolibs.audioservers.AudioServerProvider.class), "Tactus", "2");
            output = recording.finish(program, 60);
            System.out.print("AudioServersSineProgram: " + output);
        }
        assertTrue(output.contains("provider: Tactus"), "ServiceLoader found the provider: " + output);
        assertTrue(output.contains("configured: 48000.0 Hz, 2 out, " + ProgramRecording.PERIOD + " frames, fixed true"),
                "configure got what the server gives, not the 44.1 kHz and 256 frames asked for: " + output);
        assertTrue(output.contains("shut down: true"), "the program's shutdown ran: " + output);
        float[] left = WavFiles.readAll(out)[0];
        int first = Tones.firstAbove(left, 0.01);
        int last = Tones.lastAbove(left, 0.01);
        assertTrue(first >= 0, "the recording is not silent");
        double hz = Tones.frequency(left, first + RATE / 10, last - RATE / 10, RATE);
        System.out.printf("AudioServersSineProgram through Tactus: %.4f Hz over %.2f s%n", hz, (last - first) / (double) RATE);
        assertEquals(AudioServersSineProgram.HZ, hz, AudioServersSineProgram.HZ / 1000, "within 0.1 % of 440 Hz");
    }

    private static List<String> awaitPorts(TactusClient probe, String prefix, int count, long millis)
            throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            List<String> ports = probe.getPorts().stream().filter(p -> p.startsWith(prefix)).collect(Collectors.toList());
            if (ports.size() >= count) {
                return ports;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no port " + prefix + "* appeared within " + millis + " ms");
    }
}
