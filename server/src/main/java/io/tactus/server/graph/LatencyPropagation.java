package io.tactus.server.graph;

import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes every port's capture and playback latency through the graph, as JACK's server and libjack's default
 * latency callback do between them: capture latency flows downstream (an input gets the span of its sources'
 * capture latencies, an output what its client set or else the span of the client's inputs), playback latency
 * upstream (an output gets the span of its destinations', an input what its client set or else the span of the
 * client's outputs); the driver's capture ports start the one, its playback ports the other. JACK runs the two
 * passes through the clients' callbacks in graph order; Tactus runs them here, on the control thread under the
 * graph's lock, and a client whose callback then sets a new range starts another recompute. A feedback connection
 * carries no latency: what crosses it is a period old, and following it would chase the loop; the forward
 * connections alone form no loop, so one pass each way places every port. Linear in ports and
 * connections, once per connection or latency change.
 */
final class LatencyPropagation {

    private LatencyPropagation() {
    }

    /** Sets the latency of every port of {@code clients} (the system client among them). */
    static void recompute(ClientNode system, List<ClientNode> clients, List<Connection> connections,
                          LatencyRange driverCapture, LatencyRange driverPlayback) {
        List<ClientNode> order = graphOrder(system, clients, connections);
        for (PortNode port : system.ports()) {
            if (!port.isInput()) {
                port.setLatency(LatencyMode.CAPTURE, driverCapture);
            } else {
                port.setLatency(LatencyMode.PLAYBACK, driverPlayback);
            }
        }
        for (ClientNode client : order) {
            captureThrough(client, connections);
        }
        inputsFromSources(system, connections);
        for (int i = order.size() - 1; i >= 0; i--) {
            playbackThrough(order.get(i), connections);
        }
        outputsFromDestinations(system, connections);
    }

    private static void captureThrough(ClientNode client, List<Connection> connections) {
        LatencyRange inputs = inputsFromSources(client, connections);
        for (PortNode port : client.ports()) {
            if (!port.isInput()) {
                LatencyRange declared = port.declared(LatencyMode.CAPTURE);
                port.setLatency(LatencyMode.CAPTURE, declared != null ? declared : inputs);
            }
        }
    }

    /** Sets each input's capture latency from its sources; returns the span over the inputs. */
    private static LatencyRange inputsFromSources(ClientNode client, List<Connection> connections) {
        LatencyRange all = null;
        for (PortNode port : client.ports()) {
            if (port.isInput()) {
                LatencyRange range = null;
                for (Connection c : connections) {
                    if (c.destination() == port && !c.feedback()) {
                        range = span(range, c.source().latency(LatencyMode.CAPTURE));
                    }
                }
                range = range == null ? LatencyRange.ZERO : range;
                port.setLatency(LatencyMode.CAPTURE, range);
                all = span(all, range);
            }
        }
        return all == null ? LatencyRange.ZERO : all;
    }

    private static void playbackThrough(ClientNode client, List<Connection> connections) {
        LatencyRange outputs = outputsFromDestinations(client, connections);
        for (PortNode port : client.ports()) {
            if (port.isInput()) {
                LatencyRange declared = port.declared(LatencyMode.PLAYBACK);
                port.setLatency(LatencyMode.PLAYBACK, declared != null ? declared : outputs);
            }
        }
    }

    /** Sets each output's playback latency from its destinations; returns the span over the outputs. */
    private static LatencyRange outputsFromDestinations(ClientNode client, List<Connection> connections) {
        LatencyRange all = null;
        for (PortNode port : client.ports()) {
            if (!port.isInput()) {
                LatencyRange range = null;
                for (Connection c : connections) {
                    if (c.source() == port && !c.feedback()) {
                        range = span(range, c.destination().latency(LatencyMode.PLAYBACK));
                    }
                }
                range = range == null ? LatencyRange.ZERO : range;
                port.setLatency(LatencyMode.PLAYBACK, range);
                all = span(all, range);
            }
        }
        return all == null ? LatencyRange.ZERO : all;
    }

    private static LatencyRange span(LatencyRange sofar, LatencyRange next) {
        return sofar == null ? next : sofar.span(next);
    }

    /**
     * The clients but the system one, each after every client that feeds it through a forward connection (Kahn's
     * algorithm; ties in registration order). A connection that closes a loop is a feedback one, left out here, so
     * every client is placed.
     */
    static List<ClientNode> graphOrder(ClientNode system, List<ClientNode> clients, List<Connection> connections) {
        Map<ClientNode, Integer> feeders = new HashMap<>();
        for (ClientNode client : clients) {
            if (client != system) {
                feeders.put(client, 0);
            }
        }
        List<Connection> edges = new ArrayList<>();
        for (Connection c : connections) {
            ClientNode from = c.source().client();
            ClientNode to = c.destination().client();
            if (!c.feedback() && from != system && to != system && from != to && feeders.containsKey(from)
                    && feeders.containsKey(to)) {
                edges.add(c);
                feeders.merge(to, 1, Integer::sum);
            }
        }
        List<ClientNode> order = new ArrayList<>();
        List<ClientNode> pending = new ArrayList<>(clients);
        pending.remove(system);
        while (!pending.isEmpty()) {
            ClientNode next = null;
            for (ClientNode client : pending) {
                if (feeders.get(client) == 0) {
                    next = client;
                    break;
                }
            }
            if (next == null) {
                order.addAll(pending); // cannot happen: loops close on feedback connections; keep every port computed
                break;
            }
            pending.remove(next);
            order.add(next);
            for (Connection c : edges) {
                if (c.source().client() == next) {
                    feeders.merge(c.destination().client(), -1, Integer::sum);
                }
            }
        }
        return order;
    }
}
