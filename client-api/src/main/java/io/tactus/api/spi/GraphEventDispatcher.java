package io.tactus.api.spi;

import io.tactus.api.ClientRegistrationCallback;
import io.tactus.api.GraphEvent;
import io.tactus.api.GraphEventCallback;
import io.tactus.api.LatencyCallback;
import io.tactus.api.PortConnectCallback;
import io.tactus.api.PortRegistrationCallback;
import io.tactus.api.PortRenameCallback;
import io.tactus.api.SampleRateCallback;

/**
 * A client's graph-notification callbacks, and the one place that turns a {@link GraphEvent} into the JACK-style
 * callback it feeds: both transports post {@link #deliver} to their {@link CallbackNotifier}, so the callbacks run
 * on that normal thread, in the order the server numbered the events. A gap in the numbers (the server dropped
 * notifications to a client that read too slowly) is reported once per gap on standard error.
 */
public final class GraphEventDispatcher {

    private final String clientName;
    private volatile GraphEventCallback events;
    private volatile ClientRegistrationCallback clients;
    private volatile PortRegistrationCallback ports;
    private volatile PortConnectCallback connections;
    private volatile PortRenameCallback renames;
    private volatile LatencyCallback latency;
    /** Only the notifier's thread touches it. */
    private long lastSequence;
    private volatile boolean closed;

    public GraphEventDispatcher(String clientName) {
        this.clientName = clientName;
    }

    public void setGraphEventCallback(GraphEventCallback callback) {
        this.events = callback;
    }

    public void setClientRegistrationCallback(ClientRegistrationCallback callback) {
        this.clients = callback;
    }

    public void setPortRegistrationCallback(PortRegistrationCallback callback) {
        this.ports = callback;
    }

    public void setPortConnectCallback(PortConnectCallback callback) {
        this.connections = callback;
    }

    public void setPortRenameCallback(PortRenameCallback callback) {
        this.renames = callback;
    }

    public void setLatencyCallback(LatencyCallback callback) {
        this.latency = callback;
    }

    /** JACK calls the sample-rate callback once with the rate when it is set; so does Tactus, on the notifier. */
    public static void announceSampleRate(CallbackNotifier notifier, SampleRateCallback callback, int rate) {
        if (callback != null) {
            notifier.post("sample rate", () -> callback.sampleRate(rate));
        }
    }

    /** Queues {@code event} for this client's callbacks on {@code notifier}. */
    public void post(CallbackNotifier notifier, GraphEvent event) {
        notifier.post(event.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), () -> deliver(event));
    }

    /** The client has closed: what is still queued is not delivered, so no callback runs on a closed client. */
    public void close() {
        closed = true;
    }

    /** On the notifier's thread: the general callback first, then the JACK-style one. */
    public void deliver(GraphEvent event) {
        if (closed) {
            return;
        }
        if (lastSequence != 0 && event.sequence() > lastSequence + 1) {
            System.err.println("tactus: client '" + clientName + "' read its notifications too slowly; the server dropped "
                    + (event.sequence() - lastSequence - 1) + " of them, so its view of the graph may be out of date");
        }
        lastSequence = Math.max(lastSequence, event.sequence());
        GraphEventCallback all = events;
        if (all != null) {
            all.graphChanged(event);
        }
        switch (event.kind()) {
            case CLIENT_REGISTERED, CLIENT_UNREGISTERED -> {
                ClientRegistrationCallback c = clients;
                if (c != null) {
                    c.clientRegistration(event.name(), event.kind() == GraphEvent.Kind.CLIENT_REGISTERED);
                }
            }
            case PORT_REGISTERED, PORT_UNREGISTERED -> {
                PortRegistrationCallback c = ports;
                if (c != null) {
                    c.portRegistration(event.portId(), event.name(), event.kind() == GraphEvent.Kind.PORT_REGISTERED);
                }
            }
            case PORTS_CONNECTED, PORTS_DISCONNECTED -> {
                PortConnectCallback c = connections;
                if (c != null) {
                    c.portConnect(event.name(), event.otherName(), event.kind() == GraphEvent.Kind.PORTS_CONNECTED);
                }
            }
            case PORT_RENAMED -> {
                PortRenameCallback c = renames;
                if (c != null) {
                    c.portRename(event.portId(), event.name(), event.otherName());
                }
            }
            case CAPTURE_LATENCY, PLAYBACK_LATENCY -> {
                LatencyCallback c = latency;
                if (c != null) {
                    c.latency(event.latencyMode());
                }
            }
            case BUFFER_SIZE_CHANGED, FREEWHEEL_STARTED, FREEWHEEL_STOPPED -> {
                // their callbacks are told by the thread that runs the client, before its first call under the switch
            }
        }
    }
}
