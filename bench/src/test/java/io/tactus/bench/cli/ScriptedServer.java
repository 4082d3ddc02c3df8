package io.tactus.bench.cli;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A stand-in server for the command-line tools: listens on the real socket path of a uniquely named server
 * in the user's runtime directory and answers each connection's requests from a script, on its own
 * thread. Requests are recorded, so a test can check what a tool asked.
 */
final class ScriptedServer implements AutoCloseable {

    final String name = "test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Path socket;
    private final ServerSocketChannel listener;
    private final GraphSegment segment;
    private final Function<Request, Reply> script;
    private final Thread thread;

    ScriptedServer(Path segmentDirectory, Function<Request, Reply> script) throws IOException {
        this.script = script;
        this.socket = RuntimeDirectory.ofCurrentUser().socketPath(name);
        if (!Files.isDirectory(socket.getParent())) {
            Files.createDirectories(socket.getParent(), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        this.segment = GraphSegment.create(segmentDirectory, GraphSegment.fileName(name), GraphLayout.of(2, 64, 64), 1_333_333);
        this.listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(socket));
        this.thread = new Thread(this::serve, "scripted-server");
        thread.setDaemon(true);
        thread.start();
    }

    private void serve() {
        try {
            while (true) {
                try (SocketChannel channel = listener.accept()) {
                    converse(channel);
                }
            }
        } catch (IOException closed) {
            // close() ends the server
        }
    }

    private void converse(SocketChannel channel) throws IOException {
        ControlDecoder decoder = new ControlDecoder();
        ControlFrame frame;
        while ((frame = decoder.read(channel)) != null) {
            Request request = (Request) frame.message();
            requests.add(request);
            Reply reply = request instanceof Request.Hello
                    ? new Reply.Welcome(1, 48_000, 64, segment.path().toString(), 1, 1, 0)
                    : request instanceof Request.Goodbye ? new Reply.Ok(request.type()) : script.apply(request);
            ByteBuffer bytes = ControlCodec.encode(frame.requestId(), reply);
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            if (request instanceof Request.Goodbye) {
                return;
            }
        }
    }

    /** The graph segment its Welcome names, where a test writes what an engine would publish. */
    GraphSegment segment() {
        return segment;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        Files.deleteIfExists(socket);
        segment.close();
    }
}
