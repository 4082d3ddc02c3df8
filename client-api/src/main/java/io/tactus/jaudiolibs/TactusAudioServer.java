package io.tactus.jaudiolibs;

import io.tactus.api.ClientOptions;
import io.tactus.api.FrameClock;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import org.jaudiolibs.audioservers.AudioClient;
import org.jaudiolibs.audioservers.AudioConfiguration;
import org.jaudiolibs.audioservers.AudioServer;
import org.jaudiolibs.audioservers.ext.ClientID;
import org.jaudiolibs.audioservers.ext.Connections;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A jaudiolibs {@link AudioServer} on a Tactus client, as the JACK one is on a JACK client: {@link #run} joins the
 * server (in its own process: a process client), registers {@code in_N} and {@code out_N} for the channels asked
 * for, hands the program the configuration the server gives (its sample rate and period, fixed) through
 * {@link AudioClient#configure}, activates, connects as the {@link Connections} extension says, and blocks until
 * {@link #shutdown}, until the program's {@code process} returns false, or until the server shuts the client down.
 * {@code process} runs in the process callback with the lists of this cycle's port buffers, refilled in place
 * (allocation-free), and a time in nanoseconds on {@code System.nanoTime}'s clock: the cycle's first frame. The
 * trade-off against the JACK server: a requested sample rate or buffer size the server does not run at is not an
 * error but replaced by the server's, as {@code configure} shows. The server joined is the one the system property
 * {@value #SERVER_PROPERTY} names ({@code default} without it), unless the configuration carries Tactus's own
 * {@link ClientOptions} among its extensions.
 */
final class TactusAudioServer implements AudioServer {

    /** The client's name when the configuration carries no {@link ClientID}. */
    static final String DEFAULT_NAME = "jaudiolibs";
    /** The server to join; as for the Java Sound mixer. */
    static final String SERVER_PROPERTY = "tactus.server";
    /** How often {@link #run} looks whether the program's {@code process} said it is done. */
    private static final long END_POLL_MILLIS = 10;

    private enum State { NEW, RUNNING, CLOSED }

    private final AudioConfiguration requested;
    private final AudioClient audioClient;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile State state = State.NEW;
    private volatile AudioConfiguration context;

    TactusAudioServer(AudioConfiguration requested, AudioClient audioClient) {
        this.requested = requested;
        this.audioClient = audioClient;
        this.context = requested;
    }

    @Override
    public void run() throws Exception {
        synchronized (this) {
            if (state != State.NEW) {
                throw new IllegalStateException("a jaudiolibs server runs once; this one has "
                        + (state == State.RUNNING ? "already started" : "ended"));
            }
            state = State.RUNNING;
        }
        try (TactusClient client = Tactus.open(clientName(), options())) {
            client.setShutdownCallback(reason -> stopped.countDown());
            Port[] inputs = register(client, "in_", requested.getInputChannelCount(), PortFlag.INPUT);
            Port[] outputs = register(client, "out_", requested.getOutputChannelCount(), PortFlag.OUTPUT);
            AudioConfiguration given = new AudioConfiguration(client.sampleRate(), inputs.length, outputs.length,
                    client.bufferSize(), true, extensions());
            context = given;
            audioClient.configure(given);
            Cycle cycle = new Cycle(client.clock(), inputs, outputs, audioClient);
            client.setProcessCallback(cycle);
            client.activate();
            connect(client);
            while (!stopped.await(END_POLL_MILLIS, TimeUnit.MILLISECONDS) && !cycle.ended) {
                // The callback never wakes this thread (that would be a lock on the realtime path): it looks.
            }
            client.deactivate();
        } finally {
            state = State.CLOSED;
            stopped.countDown();
            audioClient.shutdown();
        }
    }

    /** A {@link ClientOptions} among the configuration's extensions, or the server {@value #SERVER_PROPERTY} names. */
    private ClientOptions options() {
        ClientOptions given = requested.find(ClientOptions.class);
        return given != null ? given
                : ClientOptions.defaults().withServer(System.getProperty(SERVER_PROPERTY, ClientOptions.DEFAULT_SERVER));
    }

    private String clientName() {
        ClientID id = requested.find(ClientID.class);
        return id == null || id.getIdentifier().isBlank() ? DEFAULT_NAME : id.getIdentifier();
    }

    private static Port[] register(TactusClient client, String prefix, int count, PortFlag direction) {
        Port[] ports = new Port[count];
        for (int i = 0; i < count; i++) {
            ports[i] = client.registerPort(prefix + (i + 1), PortType.AUDIO, direction);
        }
        return ports;
    }

    private Object[] extensions() {
        List<Object> all = new ArrayList<>();
        requested.findAll(Object.class).forEach(all::add);
        return all.toArray();
    }

    /** {@code system:capture_N} into {@code in_N} and {@code out_N} into {@code system:playback_N}, those there are. */
    private void connect(TactusClient client) {
        Connections connections = requested.find(Connections.class);
        if (connections == null) {
            connections = Connections.ALL; // the JACK server's default
        }
        List<String> ports = client.getPorts();
        String name = client.name();
        for (int i = 1; i <= requested.getInputChannelCount() && connections.isConnectInputs(); i++) {
            if (ports.contains("system:capture_" + i)) {
                client.connect("system:capture_" + i, name + ":in_" + i);
            }
        }
        for (int i = 1; i <= requested.getOutputChannelCount() && connections.isConnectOutputs(); i++) {
            if (ports.contains("system:playback_" + i)) {
                client.connect(name + ":out_" + i, "system:playback_" + i);
            }
        }
    }

    @Override
    public AudioConfiguration getAudioContext() {
        return context;
    }

    @Override
    public boolean isActive() {
        return state == State.RUNNING && stopped.getCount() > 0;
    }

    @Override
    public void shutdown() {
        stopped.countDown();
    }

    /** The process callback: the program's {@code process} over this cycle's buffers. */
    private static final class Cycle implements io.tactus.api.ProcessCallback {
        private final FrameClock clock;
        private final Port[] inputs;
        private final Port[] outputs;
        private final List<FloatBuffer> inputList;
        private final List<FloatBuffer> outputList;
        private final FloatBuffer[] inputBuffers;
        private final FloatBuffer[] outputBuffers;
        private final AudioClient audioClient;
        private volatile boolean ended;

        Cycle(FrameClock clock, Port[] inputs, Port[] outputs, AudioClient audioClient) {
            this.clock = clock;
            this.inputs = inputs;
            this.outputs = outputs;
            this.inputBuffers = new FloatBuffer[inputs.length];
            this.outputBuffers = new FloatBuffer[outputs.length];
            // Fixed-size views, no wrapper: their iterator is one small object the JIT removes, so a program's
            // for-each over them allocates nothing (behind an unmodifiable wrapper it allocated every cycle).
            this.inputList = Arrays.asList(inputBuffers);
            this.outputList = Arrays.asList(outputBuffers);
            this.audioClient = audioClient;
        }

        /** Realtime, allocation-free (what the program's own {@code process} does is the program's). */
        @Override
        public void process(int nframes) {
            if (ended) {
                silence(nframes);
                return;
            }
            for (int i = 0; i < inputs.length; i++) {
                inputBuffers[i] = inputs[i].getFloatBuffer();
            }
            for (int i = 0; i < outputs.length; i++) {
                outputBuffers[i] = outputs[i].getFloatBuffer();
            }
            long nanos = clock.framesToTime(clock.lastFrameTime()) * 1000;
            if (!audioClient.process(nanos, inputList, outputList, nframes)) {
                ended = true; // the program is done: silence from now on, and run() returns
            }
        }

        private void silence(int nframes) {
            for (Port output : outputs) {
                FloatBuffer out = output.getFloatBuffer();
                for (int i = 0; i < nframes; i++) {
                    out.put(i, 0f);
                }
            }
        }
    }
}
