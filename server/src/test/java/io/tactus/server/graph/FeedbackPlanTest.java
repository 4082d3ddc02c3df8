package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.PortType;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A feedback connection in the engine's own plan: its reader runs first and hears its writer's previous period,
 * sample for sample, also when reader and writer are one client (a loop-back, audio and MIDI), whose output is
 * rewritten (MIDI: emptied) before it runs.
 */
class FeedbackPlanTest {

    private static final int N = 16;
    private final Graph graph = new Graph(N, 1, 1);
    private final List<String> ran = new ArrayList<>();
    private int cycle;

    private ClientNode client(String name) {
        ClientNode c = graph.addClient(name);
        graph.addPort(c, "in", true, false);
        graph.addPort(c, "out", false, false);
        graph.setActive(c, true);
        return c;
    }

    private void run(ExecutionPlan plan) {
        cycle++;
        plan.bindPorts();
        for (int i = 0; i < plan.stepCount(); i++) {
            plan.step(i).prepare(N);
            plan.step(i).process(N);
        }
    }

    @Test
    void shouldFeedTheReaderOfAFeedbackConnectionItsWritersPreviousPeriodSampleForSample() {
        ClientNode a = client("a");
        ClientNode b = client("b");
        List<String> wrong = new ArrayList<>();
        a.setProcess(n -> {
            ran.add("a");
            FloatBuffer in = port(a, "in").getFloatBuffer();
            FloatBuffer out = port(a, "out").getFloatBuffer();
            for (int i = 0; i < n; i++) {
                if (in.get(i) != ramp(cycle - 1, i)) {
                    wrong.add("cycle " + cycle + " frame " + i + ": " + in.get(i));
                }
                out.put(i, ramp(cycle, i));
            }
        });
        b.setProcess(n -> {
            ran.add("b");
            FloatBuffer in = port(b, "in").getFloatBuffer();
            FloatBuffer out = port(b, "out").getFloatBuffer();
            for (int i = 0; i < n; i++) {
                out.put(i, in.get(i)); // a relay: what a wrote this period
            }
        });
        graph.connect("a:out", "b:in");
        graph.connect("b:out", "a:in"); // closes the loop: feedback, a reads it before b runs
        ExecutionPlan plan = graph.plan(1);
        assertEquals(List.of("a", "b"), plan.clientOrder());
        for (int c = 0; c < 5; c++) {
            run(plan);
        }
        assertEquals(List.of(), first(wrong), "a hears its own ramp of the period before, once round the loop");
        assertEquals(List.of("a", "b", "a", "b", "a", "b", "a", "b", "a", "b"), ran, "each once per cycle");
    }

    @Test
    void shouldFeedALoopBackItsOwnPreviousPeriodInAudioAndMidi() {
        ClientNode self = client("self");
        graph.addPort(self, "midi_in", PortType.MIDI, true, false);
        graph.addPort(self, "midi_out", PortType.MIDI, false, false);
        List<String> wrong = new ArrayList<>();
        self.setProcess(n -> {
            FloatBuffer in = port(self, "in").getFloatBuffer();
            FloatBuffer out = port(self, "out").getFloatBuffer();
            MidiBuffer midiIn = port(self, "midi_in").getMidiBuffer();
            MidiBuffer midiOut = port(self, "midi_out").getMidiBuffer();
            for (int i = 0; i < n; i++) {
                out.put(i, ramp(cycle, i)); // written before it reads: still the period before, not this one
            }
            midiOut.write(cycle % N, 0x90, cycle, 100);
            for (int i = 0; i < n; i++) {
                if (in.get(i) != ramp(cycle - 1, i)) {
                    wrong.add("audio in cycle " + cycle + " frame " + i + ": " + in.get(i));
                }
            }
            int expected = cycle == 1 ? 0 : 1;
            if (midiIn.eventCount() != expected
                    || expected == 1 && (midiIn.get(0, 1) != cycle - 1 || midiIn.frame(0) != (cycle - 1) % N)) {
                wrong.add("midi in cycle " + cycle + ": " + midiIn.eventCount() + " events");
            }
        });
        graph.connect("self:out", "self:in");
        graph.connect("self:midi_out", "self:midi_in");
        ExecutionPlan plan = graph.plan(1);
        for (int c = 0; c < 5; c++) {
            run(plan);
        }
        assertEquals(5, cycle);
        assertEquals(List.of(), first(wrong));
    }

    private static List<String> first(List<String> wrong) {
        return wrong.stream().limit(4).toList();
    }

    /** Distinct in every frame of every period; 0 before the first. */
    static float ramp(int cycle, int frame) {
        return cycle <= 0 ? 0f : cycle * 1000 + frame + 1;
    }

    private static PortNode port(ClientNode client, String name) {
        return (PortNode) client.ports().stream().filter(p -> p.shortName().equals(name)).findFirst().orElseThrow();
    }
}
