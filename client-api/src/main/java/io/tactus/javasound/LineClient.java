package io.tactus.javasound;

import io.tactus.api.ClientOptions;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.ShutdownCallback;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;

import javax.sound.sampled.LineUnavailableException;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The Tactus client behind one open line: one port per channel ({@code out_N} for playback, {@code in_N} for
 * capture), connected to the server's system ports as a JACK user would connect them by hand. A second line
 * (or a second program) of the same name gets "-2", "-3"... because the server refuses duplicate names; the
 * refusal is recognised by its sentence, the only thing both transports carry.
 */
final class LineClient implements AutoCloseable {

    private static final int MAX_NAME_ATTEMPTS = 64;

    private final TactusClient client;
    private final Port[] ports;
    private final FloatBuffer[] buffers; // filled each period, so the callback needs no array of its own

    private LineClient(TactusClient client, Port[] ports) {
        this.client = client;
        this.ports = ports;
        this.buffers = new FloatBuffer[ports.length];
    }

    /**
     * Joins the server and registers the ports; nothing runs until {@link #start}.
     *
     * @throws LineUnavailableException with the server's sentence, e.g. that no server of that name runs
     */
    static LineClient open(JavaSoundSettings settings, int channels, boolean playback) throws LineUnavailableException {
        TactusClient client = null;
        try {
            client = openUnique(settings.serverName(), settings.clientName());
            Port[] ports = new Port[channels];
            for (int c = 0; c < channels; c++) {
                ports[c] = client.registerPort((playback ? "out_" : "in_") + (c + 1), PortType.AUDIO,
                        playback ? PortFlag.OUTPUT : PortFlag.INPUT);
            }
            return new LineClient(client, ports);
        } catch (TactusException e) {
            if (client != null) {
                client.close();
            }
            LineUnavailableException unavailable = new LineUnavailableException(e.getMessage());
            unavailable.initCause(e);
            throw unavailable;
        }
    }

    /** Joins server {@code server} as {@code name}, or as the first of "name-2", "name-3"... the server has not got. */
    static TactusClient openUnique(String server, String name) {
        // Its own suffixes ("-2"), which its users know, so the server's ("-01") is not asked for.
        ClientOptions options = ClientOptions.defaults().withServer(server).withExactName();
        for (int attempt = 1; ; attempt++) {
            String unique = attempt == 1 ? name : name + "-" + attempt;
            try {
                return Tactus.open(unique, options);
            } catch (TactusException e) {
                String message = String.valueOf(e.getMessage());
                if (!message.contains("already exists") || attempt >= MAX_NAME_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /** Activates the client, then connects it as {@code settings} say. */
    void start(ProcessCallback process, ShutdownCallback shutdown, JavaSoundSettings settings, boolean playback)
            throws LineUnavailableException {
        try {
            client.setShutdownCallback(shutdown);
            client.setProcessCallback(process);
            client.activate();
            if (settings.connect()) {
                connect(settings, playback);
            }
        } catch (TactusException e) {
            close();
            throw new LineUnavailableException(e.getMessage());
        }
    }

    private void connect(JavaSoundSettings settings, boolean playback) {
        List<String> peers = AutoConnect.peers(client.getPorts(), playback ? settings.playbackPrefix()
                : settings.capturePrefix());
        for (int[] pair : AutoConnect.pairs(ports.length, peers.size(), playback)) {
            String own = ports[pair[0]].name();
            String peer = peers.get(pair[1]);
            if (playback) {
                client.connect(own, peer);
            } else {
                client.connect(peer, own);
            }
        }
    }

    String name() {
        return client.name();
    }

    int sampleRate() {
        return client.sampleRate();
    }

    int bufferSize() {
        return client.bufferSize();
    }

    /** This period's buffers, one per channel. Realtime-safe: call only inside the process callback. */
    FloatBuffer[] buffers() {
        for (int c = 0; c < ports.length; c++) {
            buffers[c] = ports[c].getFloatBuffer();
        }
        return buffers;
    }

    List<String> portNames() {
        List<String> names = new ArrayList<>();
        for (Port port : ports) {
            names.add(port.name());
        }
        return names;
    }

    /** Leaves the server; the ports and their connections go with the client. Idempotent. */
    @Override
    public void close() {
        client.close();
    }
}
