package io.tactus.server.control;

import io.tactus.api.PortQuery;
import io.tactus.api.TactusException;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.graph.Metadata;
import io.tactus.server.graph.PortNode;
import io.tactus.server.telemetry.DelayStatistics;

import java.util.List;

/**
 * The control socket's answers to port queries, aliases, renames, statistics and metadata: each the same call on
 * the graph, its metadata or the server that an in-process client makes, so both transports give the same
 * results and the same sentences. None of them changes the plan, so none goes through the graph controller.
 */
final class PortMetadataAnswers {

    private PortMetadataAnswers() {
    }

    static boolean handles(Request request) {
        return request instanceof Request.QueryPorts || request instanceof Request.DescribePort
                || request instanceof Request.PortById || request instanceof Request.Alias
                || request instanceof Request.RenamePort || request instanceof Request.Statistics
                || request instanceof Request.Property || request instanceof Request.ClientUuid
                || request instanceof Request.ClientNameByUuid;
    }

    /**
     * @param ports the asking client's own ports, which a rename must be one of
     */
    static Reply answer(TactusServer server, ClientNode node, List<PortNode> ports, Request request) {
        Graph graph = server.graph();
        Reply ok = new Reply.Ok(request.type());
        if (request instanceof Request.QueryPorts r) {
            return new Reply.PortNames(graph.portNames(PortQuery.of(r.namePattern(), r.typePattern(), r.flags())));
        } else if (request instanceof Request.DescribePort r) {
            return new Reply.PortDescription(graph.describe(r.name()));
        } else if (request instanceof Request.PortById r) {
            return new Reply.PortDescription(graph.describe(r.id()));
        } else if (request instanceof Request.Alias r) {
            if (r.set()) {
                graph.setAlias(r.port(), r.alias());
            } else {
                graph.unsetAlias(r.port(), r.alias());
            }
            return ok;
        } else if (request instanceof Request.RenamePort r) {
            graph.renamePort(ownPort(node, ports, r.shortName()), r.newShortName());
            return ok;
        } else if (request instanceof Request.Statistics r) {
            DelayStatistics delays = server.delays();
            if (r.resetMaxDelay()) {
                delays.resetMaxDelay();
            }
            return new Reply.StatisticsReport(server.cpuLoadPercent(), delays.maxDelayedMicros(),
                    delays.xrunDelayedMicros());
        } else if (request instanceof Request.Property r) {
            return property(graph.metadata(), r, ok);
        } else if (request instanceof Request.ClientUuid r) {
            return new Reply.Uuid(graph.clientUuid(r.clientName()));
        } else if (request instanceof Request.ClientNameByUuid r) {
            return new Reply.ClientName(graph.clientName(r.uuid()));
        }
        throw new TactusException("the server cannot handle " + request.type().label() + " yet");
    }

    private static PortNode ownPort(ClientNode node, List<PortNode> ports, String shortName) {
        for (PortNode p : ports) {
            if (p.shortName().equals(shortName)) {
                return p;
            }
        }
        throw new TactusException("client '" + node.name() + "' has no port named '" + shortName + "'");
    }

    private static Reply property(Metadata metadata, Request.Property r, Reply ok) {
        return switch (r.action()) {
            case "set" -> {
                metadata.set(r.subject(), r.key(), r.value(), r.valueType());
                yield ok;
            }
            case "get" -> new Reply.PropertyList(metadata.get(r.subject(), r.key()).map(List::of).orElse(List.of()));
            case "list" -> new Reply.PropertyList(metadata.list(r.subject()));
            case "list-all" -> new Reply.PropertyList(metadata.listAll());
            case "remove" -> {
                metadata.remove(r.subject(), r.key());
                yield ok;
            }
            case "remove-subject" -> new Reply.PropertyList(metadata.removeSubject(r.subject()));
            case "remove-all" -> {
                metadata.removeAll();
                yield ok;
            }
            default -> throw new TactusException("the property action '" + r.action() + "' is unknown");
        };
    }
}
