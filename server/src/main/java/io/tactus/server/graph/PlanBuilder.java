package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.PortType;
import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.midi.MidiMerge;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Turns a graph snapshot into an {@link ExecutionPlan}: active clients in topological order (ties in
 * registration order, so an unconnected graph runs in the order clients joined), and every input bound
 * to silence, its one source, or a mix buffer. Runs on a control thread and may allocate freely.
 */
final class PlanBuilder {

    private PlanBuilder() {
    }

    static ExecutionPlan build(long generation, int nframes, ClientNode system, List<ClientNode> clients,
                               List<Connection> connections) {
        FloatBuffer silence = PortNode.allocate(nframes);
        MidiBuffer quiet = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        List<ClientNode> order = order(system, clients, connections);

        List<PortNode> boundPorts = new ArrayList<>();
        List<FloatBuffer> bindings = new ArrayList<>();
        List<PortNode> midiPorts = new ArrayList<>();
        List<MidiBuffer> midiBindings = new ArrayList<>();
        Step[] steps = new Step[order.size()];
        for (int s = 0; s < steps.length; s++) {
            ClientNode client = order.get(s);
            List<Mix> mixes = new ArrayList<>();
            List<FloatBuffer> buffers = new ArrayList<>();
            List<FloatBuffer> outputs = new ArrayList<>();
            List<MidiMerge> merges = new ArrayList<>();
            List<MidiBuffer> midiOutputs = new ArrayList<>();
            for (PortNode port : client.ports()) {
                if (port.type() == PortType.MIDI) {
                    midiPorts.add(port);
                    midiBindings.add(port.isInput() ? bindMidiInput(port, connections, quiet, merges, nframes)
                            : port.ownMidiBuffer());
                    if (!port.isInput()) {
                        midiOutputs.add(port.ownMidiBuffer());
                    }
                    continue;
                }
                if (!port.isInput()) {
                    outputs.add(port.ownBuffer());
                }
                FloatBuffer binding = port.isInput() ? bindInput(port, connections, silence, mixes, nframes) : port.ownBuffer();
                boundPorts.add(port);
                bindings.add(binding);
                buffers.add(binding);
            }
            steps[s] = new Step(client, client.process(), mixes.toArray(Mix[]::new), buffers.toArray(FloatBuffer[]::new),
                    upstream(client, order, connections), outputs.toArray(FloatBuffer[]::new),
                    merges.isEmpty() && midiOutputs.isEmpty() ? MidiBindings.NONE
                            : new MidiBindings(merges.toArray(MidiMerge[]::new), midiOutputs.toArray(MidiBuffer[]::new)));
        }

        formWaves(steps);

        List<FloatBuffer> capture = new ArrayList<>();
        List<FloatBuffer> playback = new ArrayList<>();
        List<Mix> playbackMixes = new ArrayList<>();
        for (PortNode port : system.ports()) {
            if (port.isInput()) {
                FloatBuffer binding = bindInput(port, connections, silence, playbackMixes, nframes);
                boundPorts.add(port);
                bindings.add(binding);
                playback.add(binding);
            } else {
                capture.add(port.ownBuffer());
            }
        }
        return new ExecutionPlan(generation, steps, boundPorts.toArray(PortNode[]::new),
                bindings.toArray(FloatBuffer[]::new), midiPorts.toArray(PortNode[]::new),
                midiBindings.toArray(MidiBuffer[]::new), capture.toArray(FloatBuffer[]::new),
                playback.toArray(FloatBuffer[]::new), playbackMixes.toArray(Mix[]::new))
                .withTransport(order.stream().map(ClientNode::syncCallback).filter(java.util.Objects::nonNull)
                        .toArray(SyncCallback[]::new), timebase(order));
    }

    /** The master's callback when the master runs in this plan (a JACK master must be active). */
    private static TimebaseCallback timebase(List<ClientNode> order) {
        for (ClientNode client : order) {
            if (client.timebaseCallback() != null) {
                return client.timebaseCallback();
            }
        }
        return null;
    }

    /**
     * Runs of consecutive out-of-process clients none of which feeds another of the run: the first of each
     * run wakes the rest with itself (see {@link Step#process}), so they work in parallel.
     */
    private static void formWaves(Step[] steps) {
        int leader = -1;
        List<Step> members = new ArrayList<>();
        for (int s = 0; s <= steps.length; s++) {
            int first = leader;
            boolean joins = s < steps.length && steps[s].isRemote() && first >= 0
                    && java.util.Arrays.stream(steps[s].upstream()).allMatch(u -> u < first);
            if (joins) {
                members.add(steps[s]);
                continue;
            }
            if (leader >= 0) {
                steps[leader].wakeWith(members.toArray(Step[]::new));
            }
            members.clear();
            leader = s < steps.length && steps[s].isRemote() ? s : -1;
        }
    }

    /** Positions in {@code order} of the clients that feed {@code client}: it is triggered when they finish. */
    private static int[] upstream(ClientNode client, List<ClientNode> order, List<Connection> connections) {
        return connections.stream()
                .filter(c -> c.destination().client() == client)
                .mapToInt(c -> order.indexOf(c.source().client()))
                .filter(index -> index >= 0 && order.get(index) != client)
                .distinct().sorted().toArray();
    }

    /** Silence, the single live source read in place, or a mix buffer summed just before the reader runs. */
    private static FloatBuffer bindInput(PortNode input, List<Connection> connections, FloatBuffer silence,
                                         List<Mix> mixes, int nframes) {
        List<FloatBuffer> sources = new ArrayList<>();
        for (Connection c : connections) {
            ClientNode source = c.source().client();
            if (c.destination() == input && source.isActive() && !source.isMuted()) {
                sources.add(c.source().ownBuffer());
            }
        }
        if (sources.isEmpty()) {
            return silence.asReadOnlyBuffer();
        }
        if (sources.size() == 1) {
            return sources.get(0).asReadOnlyBuffer();
        }
        FloatBuffer sum = PortNode.allocate(nframes);
        mixes.add(new Mix(sum, sources.toArray(FloatBuffer[]::new)));
        return sum.asReadOnlyBuffer();
    }

    /** The MIDI counterpart of {@link #bindInput}: no events, the single source read in place, or a merge. */
    private static MidiBuffer bindMidiInput(PortNode input, List<Connection> connections, MidiBuffer quiet,
                                            List<MidiMerge> merges, int nframes) {
        List<MidiBuffer> sources = new ArrayList<>();
        for (Connection c : connections) {
            ClientNode source = c.source().client();
            if (c.destination() == input && source.isActive() && !source.isMuted()) {
                sources.add(c.source().ownMidiBuffer());
            }
        }
        if (sources.isEmpty()) {
            return quiet.readOnlyView();
        }
        if (sources.size() == 1) {
            return sources.get(0).readOnlyView();
        }
        MidiBuffer merged = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        merges.add(new MidiMerge(merged, sources.toArray(MidiBuffer[]::new)));
        return merged.readOnlyView();
    }

    /** Kahn's algorithm over active clients; the driver is outside the order (capture first, playback last). */
    private static List<ClientNode> order(ClientNode system, List<ClientNode> clients, List<Connection> connections) {
        Map<ClientNode, Integer> indegree = new HashMap<>();
        for (ClientNode client : clients) {
            if (client != system && client.runs()) {
                indegree.put(client, 0);
            }
        }
        for (Connection c : connections) {
            ClientNode from = c.source().client();
            ClientNode to = c.destination().client();
            if (from != to && indegree.containsKey(from) && indegree.containsKey(to)) {
                indegree.merge(to, 1, Integer::sum);
            }
        }
        PriorityQueue<ClientNode> ready = new PriorityQueue<>(Comparator.comparingInt(ClientNode::id));
        indegree.forEach((client, degree) -> {
            if (degree == 0) {
                ready.add(client);
            }
        });
        List<ClientNode> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            ClientNode next = ready.poll();
            order.add(next);
            for (Connection c : connections) {
                ClientNode to = c.destination().client();
                if (c.source().client() == next && to != next && indegree.containsKey(to)
                        && indegree.merge(to, -1, Integer::sum) == 0) {
                    ready.add(to);
                }
            }
        }
        if (order.size() != indegree.size()) {
            throw new IllegalStateException("graph has a loop; Graph.connect should have refused it");
        }
        return order;
    }
}
