package io.tactus.ipc.client;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.MessageType;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.graph.ActivationPlan;
import io.tactus.ipc.graph.ActivationRecord;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The server's side of the contract, played step by step by a test: a real Unix socket speaking
 * {@link ControlCodec}, and a graph segment laid out as the server lays it out (the client is record 1). Nothing runs on its own; the
 * test reads each request and decides the answer, so it can put a notification between a request and
 * its reply, answer out of order, or vanish.
 */
final class FakeServer implements AutoCloseable {

    static final int MAX_PORTS = 64;
    /** The client's activation record. */
    static final int RECORD = 1;

    private final ServerSocketChannel listener;
    private final GraphSegment segment;
    private final GraphActivation graph;
    private final int nframes;
    private final int sampleRate;
    private long cycle;

    FakeServer(Path directory, String serverName, int sampleRate, int nframes) throws IOException {
        this.nframes = nframes;
        this.sampleRate = sampleRate;
        this.listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(socketOf(directory, serverName)));
        this.segment = GraphSegment.create(directory, GraphSegment.fileName(serverName),
                GraphLayout.of(RECORD + 1, MAX_PORTS, nframes), 1_333_333);
        this.graph = new GraphActivation(segment, Futex.linux());
        plan(ActivationPlan.builder(RECORD + 1).client(RECORD).build());
    }

    /** The activation plan of the cycles to come (bank 0): who reads what. */
    void plan(ActivationPlan plan) {
        plan.writeTo(segment, 0);
    }

    static Path socketOf(Path directory, String serverName) {
        return directory.resolve(serverName + ".sock");
    }

    GraphSegment segment() {
        return segment;
    }

    GraphActivation graph() {
        return graph;
    }

    Peer accept() throws IOException {
        return new Peer(listener.accept());
    }

    @Override
    public void close() throws IOException {
        listener.close();
        segment.close();
    }

    /** One client's connection, seen from the server. */
    final class Peer implements AutoCloseable {

        private final SocketChannel channel;
        private final ControlDecoder decoder = new ControlDecoder();

        Peer(SocketChannel channel) {
            this.channel = channel;
        }

        ControlFrame read() throws IOException {
            ControlFrame frame = decoder.read(channel);
            assertNotNull(frame, "the client closed the connection");
            return frame;
        }

        /** Reads the next frame and checks it is a request of {@code type}. */
        ControlFrame expect(MessageType type) throws IOException {
            ControlFrame frame = read();
            assertEquals(type, frame.message().type(), "request " + frame);
            return frame;
        }

        /** True once the client has closed its end. */
        boolean atEndOfStream() throws IOException {
            return decoder.read(channel) == null;
        }

        void reply(ControlFrame request, Reply reply) throws IOException {
            write(ControlCodec.encode(request.requestId(), reply));
        }

        void ok(ControlFrame request) throws IOException {
            reply(request, new Reply.Ok(request.message().type()));
        }

        void notify(Notification notification) throws IOException {
            write(ControlCodec.encode(notification));
        }

        /** Reads Hello and answers Welcome; returns the Hello frame. */
        ControlFrame welcome(int processPriority) throws IOException {
            ControlFrame hello = expect(MessageType.HELLO);
            reply(hello, new Reply.Welcome(1, sampleRate, nframes, segment.path().toString(), RECORD,
                    ProcessHandle.current().pid(), processPriority));
            return hello;
        }

        void write(ByteBuffer bytes) throws IOException {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /**
     * The engine's half of one cycle: {@code sources} valid for it, the cycle started, the engine's record
     * awaited. Returns false when the client did not finish within {@code timeoutNanos}.
     */
    boolean cycle(long timeoutNanos, int... sources) {
        cycle++;
        for (int source : sources) {
            graph.publish(source, cycle);
        }
        ActivationRecord engine = graph.record(GraphLayout.ENGINE);
        int seen = engine.signal();
        graph.startCycle(cycle, 0, System.nanoTime());
        long deadline = System.nanoTime() + timeoutNanos;
        while (engine.signal() == seen) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            engine.awaitSignal(seen, Math.min(left, 1_000_000L));
        }
        return true;
    }
}
