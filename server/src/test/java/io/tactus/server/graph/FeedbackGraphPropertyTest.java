package io.tactus.server.graph;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For random graphs whose connections close loops (and whose disconnects break the paths that made some of them
 * feedback): every client runs exactly once per cycle; the order respects every forward connection and runs each
 * feedback connection's reader before its writer; latency propagation places every client after its forward
 * feeders; and every input hears, sample for sample, its forward sources' output of this period plus its feedback
 * sources' output of the previous one.
 */
class FeedbackGraphPropertyTest {

    private static final int N = 8;
    private static final int CYCLES = 4;

    @Property(tries = 100)
    void shouldRunEveryClientOnceACycleInAnOrderThatRespectsEveryForwardConnection(
            @ForAll @IntRange(min = 1, max = 8) int clientCount, @ForAll @IntRange(min = 0, max = 24) int changes,
            @ForAll long seed) {
        Random random = new Random(seed);
        Graph graph = new Graph(N, 1, 1);
        List<ClientNode> clients = new ArrayList<>();
        Map<ClientNode, List<Integer>> calls = new HashMap<>();
        Map<String, Float> heard = new HashMap<>();
        int[] cycle = {0};
        for (int i = 0; i < clientCount; i++) {
            ClientNode client = graph.addClient("c" + i);
            graph.addPort(client, "in", true, false);
            graph.addPort(client, "out", false, false);
            graph.setActive(client, true);
            int id = i;
            calls.put(client, new ArrayList<>());
            client.setProcess(n -> {
                calls.get(client).add(cycle[0]);
                heard.put(client.name() + "@" + cycle[0], port(client, "in").getFloatBuffer().get(n - 1));
                FloatBuffer out = port(client, "out").getFloatBuffer();
                for (int f = 0; f < n; f++) {
                    out.put(f, value(id, cycle[0]));
                }
            });
            clients.add(client);
        }
        for (int change = 0; change < changes; change++) {
            List<Connection> made = graph.connections();
            if (!made.isEmpty() && random.nextInt(4) == 0) {
                Connection gone = made.get(random.nextInt(made.size()));
                graph.disconnect(gone.source().name(), gone.destination().name());
                continue;
            }
            String from = "c" + random.nextInt(clientCount) + ":out";
            String to = "c" + random.nextInt(clientCount) + ":in";
            if (!graph.connectionsOf(from).contains(to)) {
                graph.connect(from, to); // never refused now, loops included
            }
        }

        ExecutionPlan plan = graph.plan(1);
        List<String> order = plan.clientOrder();
        assertEquals(clientCount, order.size(), "every client placed: " + order);
        List<Connection> connections = graph.connections();
        for (Connection c : connections) {
            int writer = order.indexOf(c.source().client().name());
            int reader = order.indexOf(c.destination().client().name());
            if (writer != reader) {
                assertTrue(c.feedback() ? reader < writer : writer < reader, c + " in order " + order);
            }
        }
        List<ClientNode> latencyOrder = LatencyPropagation.graphOrder(graph.client(Graph.SYSTEM),
                graph.clientNodes(), connections);
        assertEquals(clientCount, latencyOrder.size());
        for (Connection c : connections) {
            if (!c.feedback() && c.source().client() != c.destination().client()) {
                assertTrue(latencyOrder.indexOf(c.source().client()) < latencyOrder.indexOf(c.destination().client()));
            }
        }

        plan.bindPorts();
        for (int k = 1; k <= CYCLES; k++) {
            cycle[0] = k;
            for (int i = 0; i < plan.stepCount(); i++) {
                plan.step(i).prepare(N);
                plan.step(i).process(N);
            }
        }
        for (ClientNode client : clients) {
            assertEquals(List.of(1, 2, 3, 4), calls.get(client), client.name() + " runs once a cycle");
            for (int k = 1; k <= CYCLES; k++) {
                float expected = 0;
                for (Connection c : connections) {
                    if (c.destination().client() == client) {
                        int id = clients.indexOf(c.source().client());
                        expected += c.feedback() ? value(id, k - 1) : value(id, k);
                    }
                }
                assertEquals(expected, heard.get(client.name() + "@" + k), client.name() + " in cycle " + k + " of "
                        + connections);
            }
        }
    }

    /** Client {@code id}'s output in cycle {@code k}: distinct per client and cycle, 0 before the first. */
    private static float value(int id, int k) {
        return k <= 0 ? 0f : (id + 1) * 100 + k;
    }

    private static PortNode port(ClientNode client, String name) {
        return (PortNode) client.ports().stream().filter(p -> p.shortName().equals(name)).findFirst().orElseThrow();
    }
}
