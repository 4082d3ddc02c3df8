package io.tactus.bench.cli;

import io.tactus.api.GraphEvent;
import io.tactus.api.TactusException;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * {@code tactus evmon}: the server's graph notifications as they happen, one a line, as {@code jack_evmon} prints
 * them (with port names beside JACK's port ids), until interrupted, the server stops, or {@code -n} of them.
 */
@Command(name = "evmon", mixinStandardHelpOptions = true,
        description = "Prints the server's graph notifications as they happen, one a line (as jack_evmon).")
public final class EvmonCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Option(names = {"-n", "--count"}, paramLabel = "N",
            description = "exit after N notifications (default: run until interrupted or the server stops)")
    long count;

    @Option(names = {"-s", "--sequence"}, description = "begin each line with the notification's sequence number")
    boolean sequence;

    @Override
    public Integer call() throws InterruptedException {
        if (count < 0) {
            throw new TactusException("-n counts notifications and cannot be negative: " + count);
        }
        BlockingQueue<Object> heard = new LinkedBlockingQueue<>();
        try (RemoteTactusClient client = server.connect("evmon")) {
            client.setShutdownCallback(heard::add);
            client.setGraphEventCallback(heard::add);
            System.err.println("tactus: listening to server '" + server.name + "'"); // from here on, nothing is missed
            for (long printed = 0; count == 0 || printed < count; printed++) {
                Object next = heard.take();
                if (!(next instanceof GraphEvent event)) {
                    System.err.println("tactus: the server ended the connection: " + next);
                    return 1;
                }
                System.out.println(sequence ? event.sequence() + " " + describe(event) : describe(event));
                System.out.flush();
            }
        }
        return 0;
    }

    /** jack_evmon's sentence for one notification. */
    static String describe(GraphEvent e) {
        return switch (e.kind()) {
            case CLIENT_REGISTERED -> "Client " + e.name() + " registered";
            case CLIENT_UNREGISTERED -> "Client " + e.name() + " unregistered";
            case PORT_REGISTERED -> "Port " + e.portId() + " " + e.name() + " registered";
            case PORT_UNREGISTERED -> "Port " + e.portId() + " " + e.name() + " unregistered";
            case PORTS_CONNECTED -> "Ports " + e.name() + " and " + e.otherName() + " connected";
            case PORTS_DISCONNECTED -> "Ports " + e.name() + " and " + e.otherName() + " disconnected";
            case PORT_RENAMED -> "Port " + e.portId() + " renamed from " + e.name() + " to " + e.otherName();
            case CAPTURE_LATENCY -> "Latency callback for capture";
            case PLAYBACK_LATENCY -> "Latency callback for playback";
            case BUFFER_SIZE_CHANGED -> "Buffer size is now " + e.nframes() + " frames";
            case FREEWHEEL_STARTED -> "Freewheel started";
            case FREEWHEEL_STOPPED -> "Freewheel stopped";
        };
    }
}
