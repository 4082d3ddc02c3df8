package io.tactus.server.graph;

import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExecutionPlanTest {

    private static final int N = 16;
    private final Graph graph = new Graph(N, 1, 1);
    private final List<String> ran = new ArrayList<>();

    private ClientNode client(String name) {
        ClientNode c = graph.addClient(name);
        graph.addPort(c, "in", true, false);
        graph.addPort(c, "out", false, false);
        c.setProcess(nframes -> ran.add(name));
        graph.setActive(c, true);
        return c;
    }

    private void run(ExecutionPlan plan) {
        plan.bindPorts();
        for (int i = 0; i < plan.stepCount(); i++) {
            plan.step(i).prepare(N);
            plan.step(i).process(N);
        }
        plan.mixPlayback(N);
    }

    @Test
    void shouldRunUnconnectedClientsInTheOrderTheyJoined() {
        client("c");
        client("a");
        client("b");
        assertEquals(List.of("c", "a", "b"), graph.plan(1).clientOrder());
    }

    @Test
    void shouldRunEveryClientAfterTheClientsThatFeedIt() {
        client("late");
        client("middle");
        client("early");
        graph.connect("early:out", "middle:in");
        graph.connect("middle:out", "late:in");
        assertEquals(List.of("early", "middle", "late"), graph.plan(1).clientOrder());
        run(graph.plan(1));
        assertEquals(List.of("early", "middle", "late"), ran);
    }

    @Test
    void shouldLeaveInactiveClientsOutAndTreatTheirOutputsAsSilence() {
        ClientNode a = client("a");
        ClientNode b = client("b");
        graph.connect("a:out", "b:in");
        graph.setActive(a, false);
        ExecutionPlan plan = graph.plan(1);
        assertEquals(List.of("b"), plan.clientOrder());
        fill(port(a, "out"), 1f);
        run(plan);
        assertEquals(0f, port(b, "in").getFloatBuffer().get(3));
    }

    @Test
    void shouldFeedAnInputTheSumOfItsSources() {
        ClientNode a = client("a");
        ClientNode b = client("b");
        ClientNode sum = client("sum");
        graph.connect("a:out", "sum:in");
        graph.connect("b:out", "sum:in");
        graph.connect("system:capture_1", "sum:in");
        graph.connect("a:out", "system:playback_1");
        graph.connect("b:out", "system:playback_1");
        a.setProcess(n -> fill(port(a, "out"), 0.25f));
        b.setProcess(n -> fill(port(b, "out"), 0.5f));
        float[] seen = new float[N];
        sum.setProcess(n -> port(sum, "in").getFloatBuffer().get(seen));
        ExecutionPlan plan = graph.plan(1);
        plan.bindPorts();
        fill(plan.capture()[0], 1f);
        run(plan);
        for (float v : seen) {
            assertEquals(1.75f, v);
        }
        assertEquals(0.75f, plan.playback()[0].get(N - 1));
    }

    @Test
    void shouldHandInputsReadOnlyAndRewoundEveryCycle() {
        ClientNode a = client("a");
        ClientNode b = client("b");
        graph.connect("a:out", "b:in");
        b.setProcess(n -> {
            FloatBuffer in = port(b, "in").getFloatBuffer();
            assertEquals(0, in.position(), "rewound before the call");
            in.get(new float[N]); // relative reads move the position; the next cycle must not see that
            assertThrows(java.nio.ReadOnlyBufferException.class, () -> in.put(0, 1f));
            ran.add("b");
        });
        ExecutionPlan plan = graph.plan(1);
        run(plan);
        run(plan);
        assertEquals(List.of("a", "a"), ran.stream().filter("a"::equals).toList());
        assertTrue(ran.stream().filter("b"::equals).count() == 2);
    }

    private PortNode port(ClientNode client, String name) {
        return (PortNode) client.ports().stream().filter(p -> p.shortName().equals(name)).findFirst().orElseThrow();
    }

    private static void fill(FloatBuffer buffer, float value) {
        for (int i = 0; i < N; i++) {
            buffer.put(i, value);
        }
    }

    private static void fill(PortNode port, float value) {
        fill(port.getFloatBuffer(), value);
    }
}
