package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.PortType;
import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.ipc.graph.ActivationPlan;
import io.tactus.ipc.graph.GraphActivation;

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
 * to silence, its one source, or a mix buffer; with a client in its own process, also the activation plan
 * written into the shared graph's spare bank. A feedback connection orders its reader before its writer
 * ({@link Connection#runsFirst}), as JACK2's activation does, so loops place every client. Runs on a control
 * thread and may allocate freely.
 */
final class PlanBuilder {

    private PlanBuilder() {
    }

    static ExecutionPlan build(long generation, int nframes, ClientNode system, List<ClientNode> clients,
                               List<Connection> connections, SharedGraph shared) {
        FloatBuffer silence = PortNode.allocate(nframes);
        MidiBuffer quiet = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        List<ClientNode> order = order(system, clients, connections);
        SharedGraph sharing = shared != null && order.stream().anyMatch(ClientNode::isRemote) ? shared : null;
        if (sharing != null) {
            assignShares(sharing, system, order, connections);
        }

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
            List<MidiBindings.FanIn> merges = new ArrayList<>();
            List<MidiBuffer> midiOutputs = new ArrayList<>();
            for (PortNode port : client.isRemote() ? List.<PortNode>of() : client.ports()) {
                if (port.type() == PortType.MIDI) {
                    midiPorts.add(port);
                    midiBindings.add(port.isInput() ? bindMidiInput(port, connections, quiet, merges, nframes, sharing)
                            : port.ownMidiBuffer());
                    if (!port.isInput()) {
                        midiOutputs.add(port.ownMidiBuffer());
                    }
                    continue;
                }
                if (!port.isInput()) {
                    outputs.add(port.ownBuffer());
                }
                FloatBuffer binding = port.isInput()
                        ? bindInput(port, connections, silence, mixes, nframes, sharing) : port.ownBuffer();
                boundPorts.add(port);
                bindings.add(binding);
                buffers.add(binding);
            }
            steps[s] = new Step(client, client.process(), mixes.toArray(Mix[]::new), buffers.toArray(FloatBuffer[]::new),
                    upstream(client, order, connections), outputs.toArray(FloatBuffer[]::new),
                    merges.isEmpty() && midiOutputs.isEmpty() ? MidiBindings.NONE
                            : new MidiBindings(merges.toArray(MidiBindings.FanIn[]::new), midiOutputs.toArray(MidiBuffer[]::new)));
            if (sharing != null) {
                List<PortNode> exported = client.isRemote() ? List.of() : exported(client.ports());
                List<PortNode> audio = exported.stream().filter(p -> p.type() == PortType.AUDIO).toList();
                List<PortNode> midi = exported.stream().filter(p -> p.type() == PortType.MIDI).toList();
                steps[s].share(client.record(), ownBuffers(audio), views(sharing, audio),
                        midi.stream().map(PortNode::ownMidiBuffer).toArray(MidiBuffer[]::new),
                        midi.stream().map(p -> sharing.midiView(p.slot())).toArray(MidiBuffer[]::new),
                        slots(exported));
            }
        }

        List<FloatBuffer> capture = new ArrayList<>();
        List<FloatBuffer> playback = new ArrayList<>();
        List<Mix> playbackMixes = new ArrayList<>();
        for (PortNode port : system.ports()) {
            if (port.isInput()) {
                FloatBuffer binding = bindInput(port, connections, silence, playbackMixes, nframes, sharing);
                boundPorts.add(port);
                bindings.add(binding);
                playback.add(binding);
            } else {
                capture.add(port.ownBuffer());
            }
        }
        ExecutionPlan plan = new ExecutionPlan(generation, steps, boundPorts.toArray(PortNode[]::new),
                bindings.toArray(FloatBuffer[]::new), midiPorts.toArray(PortNode[]::new),
                midiBindings.toArray(MidiBuffer[]::new), capture.toArray(FloatBuffer[]::new),
                playback.toArray(FloatBuffer[]::new), playbackMixes.toArray(Mix[]::new))
                .withTransport(order.stream().map(ClientNode::syncCallback).filter(java.util.Objects::nonNull)
                        .toArray(SyncCallback[]::new), timebase(order), timebaseRecord(order));
        if (sharing != null) {
            ActivationPlan activation = activationPlan(order, connections);
            int bank = sharing.nextBank();
            activation.writeTo(sharing.segment(), bank);
            List<PortNode> exported = exported(system.ports());
            plan.share(sharing, bank, ownBuffers(exported), views(sharing, exported), slots(exported));
        }
        return plan;
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

    /** The master's record when the master is a client in its own process (its BBT comes from it), else 0. */
    private static int timebaseRecord(List<ClientNode> order) {
        for (ClientNode client : order) {
            if (client.timebaseCallback() != null) {
                return client.isRemote() ? client.record() : 0;
            }
        }
        return 0;
    }

    /**
     * Records for the engine's own clients in the order, slots for every output a client in its own process
     * reads (the engine copies those outputs there); kept until the client or port goes.
     */
    private static void assignShares(SharedGraph shared, ClientNode system, List<ClientNode> order,
                                     List<Connection> connections) {
        for (ClientNode client : order) {
            if (client.record() == 0) {
                client.setRecord(shared.takeRecord());
            }
        }
        for (Connection c : connections) {
            PortNode source = c.source();
            ClientNode from = source.client();
            if (c.destination().client().isRemote() && source.slot() < 0 && (from == system || order.contains(from))) {
                source.setSlot(shared.takeSlot(from.record()));
            }
        }
    }

    /** Who wakes whom (connections between clients of the order) and which slots each remote input mixes. */
    private static ActivationPlan activationPlan(List<ClientNode> order, List<Connection> connections) {
        ActivationPlan.Builder plan = ActivationPlan.builder(SharedGraph.RECORDS);
        for (ClientNode client : order) {
            plan.client(client.record());
        }
        for (Connection c : connections) {
            ClientNode first = c.runsFirst();
            ClientNode then = c.runsAfter();
            if (first != then && order.contains(first) && order.contains(then)) {
                plan.feeds(first.record(), then.record());
            }
        }
        for (ClientNode client : order) {
            if (!client.isRemote()) {
                continue;
            }
            for (PortNode port : client.ports()) {
                if (port.isInput()) {
                    plan.reads(port.slot(), connections.stream()
                            .filter(c -> c.destination() == port && c.source().slot() >= 0 && feeds(c.source().client()))
                            .mapToInt(PlanBuilder::slotEntry).toArray());
                }
            }
        }
        return plan.build();
    }

    /** The source's slot as a plan lists it: {@link GraphActivation#delayed} for a feedback connection. */
    private static int slotEntry(Connection c) {
        return c.feedback() ? GraphActivation.delayed(c.source().slot()) : c.source().slot();
    }

    /** A source whose output counts: the driver's capture, or a client that is active and not muted. */
    private static boolean feeds(ClientNode source) {
        return source.isActive() && !source.isMuted();
    }

    private static List<PortNode> exported(List<PortNode> ports) {
        return ports.stream().filter(p -> !p.isInput() && p.slot() >= 0).toList();
    }

    private static FloatBuffer[] ownBuffers(List<PortNode> ports) {
        return ports.stream().map(PortNode::ownBuffer).toArray(FloatBuffer[]::new);
    }

    private static FloatBuffer[] views(SharedGraph shared, List<PortNode> ports) {
        return ports.stream().map(p -> shared.view(p.slot())).toArray(FloatBuffer[]::new);
    }

    private static int[] slots(List<PortNode> ports) {
        return ports.stream().mapToInt(PortNode::slot).toArray();
    }

    /**
     * Positions in {@code order} of the clients {@code client} waits for: those that feed it, and the readers of its
     * feedback connections. It is triggered when they finish.
     */
    private static int[] upstream(ClientNode client, List<ClientNode> order, List<Connection> connections) {
        return connections.stream()
                .filter(c -> c.runsAfter() == client)
                .mapToInt(c -> order.indexOf(c.runsFirst()))
                .filter(index -> index >= 0 && order.get(index) != client)
                .distinct().sorted().toArray();
    }

    /**
     * Silence, the single live source read in place, or a mix buffer summed just before the reader runs; a
     * source in another process is always mixed, from its slot and only when valid for the cycle.
     */
    private static FloatBuffer bindInput(PortNode input, List<Connection> connections, FloatBuffer silence,
                                         List<Mix> mixes, int nframes, SharedGraph shared) {
        List<FloatBuffer> sources = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        boolean feedback = false;
        for (Connection c : connections) {
            ClientNode source = c.source().client();
            if (c.destination() == input && feeds(source)) {
                feedback |= c.feedback();
                if (!source.isRemote()) {
                    sources.add(c.source().ownBuffer());
                } else if (shared != null) {
                    slots.add(slotEntry(c));
                }
            }
        }
        if (sources.isEmpty() && slots.isEmpty()) {
            return silence.asReadOnlyBuffer();
        }
        if (sources.size() == 1 && slots.isEmpty() && !feedback) {
            return sources.get(0).asReadOnlyBuffer();
        }
        FloatBuffer sum = PortNode.allocate(nframes);
        FloatBuffer[] local = sources.toArray(FloatBuffer[]::new);
        mixes.add(slots.isEmpty() ? new Mix(sum, local) : new Mix(sum, local, shared.activation(),
                slots.stream().mapToInt(Integer::intValue).toArray(),
                slots.stream().map(entry -> shared.view(GraphActivation.port(entry))).toArray(FloatBuffer[]::new)));
        return sum.asReadOnlyBuffer();
    }

    /**
     * The MIDI counterpart of {@link #bindInput}: no events, the single local source read in place, or a merge;
     * a source in another process is always merged, from a copy of its slot and only when valid for the cycle.
     */
    private static MidiBuffer bindMidiInput(PortNode input, List<Connection> connections, MidiBuffer quiet,
                                            List<MidiBindings.FanIn> merges, int nframes, SharedGraph shared) {
        List<MidiBuffer> sources = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        boolean feedback = false;
        for (Connection c : connections) {
            ClientNode source = c.source().client();
            if (c.destination() == input && feeds(source)) {
                feedback |= c.feedback();
                if (!source.isRemote()) {
                    sources.add(c.source().ownMidiBuffer());
                } else if (shared != null) {
                    slots.add(slotEntry(c));
                }
            }
        }
        if (sources.isEmpty() && slots.isEmpty()) {
            return quiet.readOnlyView();
        }
        if (sources.size() == 1 && slots.isEmpty() && !feedback) { // a loop-back's output is emptied before it runs
            return sources.get(0).readOnlyView();
        }
        MidiBuffer merged = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        MidiBuffer[] local = sources.toArray(MidiBuffer[]::new);
        merges.add(slots.isEmpty() ? new MidiBindings.FanIn(merged, local) : new MidiBindings.FanIn(merged, local,
                shared.activation(), slots.stream().mapToInt(Integer::intValue).toArray(),
                slots.stream().map(entry -> shared.midiView(GraphActivation.port(entry))).toArray(MidiBuffer[]::new)));
        return merged.readOnlyView();
    }

    /**
     * Kahn's algorithm over active clients, each connection in the direction it orders ({@link Connection#runsFirst});
     * the driver is outside the order (capture first, playback last).
     */
    private static List<ClientNode> order(ClientNode system, List<ClientNode> clients, List<Connection> connections) {
        Map<ClientNode, Integer> indegree = new HashMap<>();
        for (ClientNode client : clients) {
            if (client != system && client.runs()) {
                indegree.put(client, 0);
            }
        }
        for (Connection c : connections) {
            ClientNode from = c.runsFirst();
            ClientNode to = c.runsAfter();
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
                ClientNode to = c.runsAfter();
                if (c.runsFirst() == next && to != next && indegree.containsKey(to)
                        && indegree.merge(to, -1, Integer::sum) == 0) {
                    ready.add(to);
                }
            }
        }
        if (order.size() != indegree.size()) {
            throw new IllegalStateException("graph has a loop of forward connections; Graph.connect should have made "
                    + "one of them feedback");
        }
        return order;
    }
}
