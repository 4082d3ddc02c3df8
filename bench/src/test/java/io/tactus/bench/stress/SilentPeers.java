package io.tactus.bench.stress;

import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.ProtocolException;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Connections to a control socket that never say a word, watched with one selector: what the server sends
 * each of them, and when it ends the stream. A peer's socket is closed here once the server has closed its
 * end, so a long run holds only the descriptors of the connections still open.
 */
final class SilentPeers implements AutoCloseable {

    /**
     * One connection: when connect() returned, how many of these peers were open then as far as this side
     * had seen (at least as many as the server still held), when its stream ended (0 while open), what it was told.
     */
    static final class Peer {
        final long openedAt;
        final int openBefore;
        long endedAt;
        final List<ControlFrame> frames = new ArrayList<>();
        String fault;
        private final ControlDecoder decoder = new ControlDecoder();

        private Peer(long openedAt, int openBefore) {
            this.openedAt = openedAt;
            this.openBefore = openBefore;
        }

        long millisOpen() {
            return (endedAt - openedAt) / 1_000_000;
        }
    }

    private final UnixDomainSocketAddress address;
    private final Selector selector;
    private final ByteBuffer buffer = ByteBuffer.allocate(4096);
    private final List<Peer> peers = new ArrayList<>();
    private int open;

    SilentPeers(Path socket) throws IOException {
        this.address = UnixDomainSocketAddress.of(socket);
        this.selector = Selector.open();
    }

    /** Opens {@code count} connections, one after another, looking for ends every few; returns the peers made. */
    List<Peer> open(int count) throws IOException {
        List<Peer> made = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (i % 50 == 0) {
                poll(0);
            }
            int openBefore = open;
            SocketChannel channel = SocketChannel.open(address); // blocks while the server's backlog is full
            Peer peer = new Peer(System.nanoTime(), openBefore);
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ, peer);
            peers.add(peer);
            made.add(peer);
            open++;
        }
        return made;
    }

    /** Reads whatever has arrived, waiting up to {@code millis} (0: not at all) for something to. */
    void poll(long millis) throws IOException {
        if (millis == 0) {
            selector.selectNow(this::read);
        } else {
            selector.select(this::read, millis);
        }
    }

    /** Polls until every peer's stream has ended or {@code deadlineNanos} has passed; true when all ended. */
    boolean awaitAllEnded(long deadlineNanos) throws IOException {
        while (open > 0 && System.nanoTime() < deadlineNanos) {
            poll(10);
        }
        return open == 0;
    }

    /** Connections the server has not closed yet. */
    int openNow() {
        return open;
    }

    private void read(SelectionKey key) {
        Peer peer = (Peer) key.attachment();
        SocketChannel channel = (SocketChannel) key.channel();
        int n;
        buffer.clear();
        try {
            n = channel.read(buffer);
        } catch (IOException reset) {
            peer.fault = reset.getMessage();
            n = -1;
        }
        if (n > 0) {
            buffer.flip();
            try {
                for (ControlFrame frame; (frame = peer.decoder.decode(buffer)) != null; ) {
                    peer.frames.add(frame);
                }
            } catch (ProtocolException e) {
                peer.fault = e.getMessage();
            }
            return;
        }
        if (n < 0) {
            peer.endedAt = System.nanoTime();
            open--;
            key.cancel();
            try {
                channel.close();
            } catch (IOException ignored) {
                // it has ended already
            }
        }
    }

    @Override
    public void close() throws IOException {
        for (SelectionKey key : selector.keys()) {
            key.channel().close();
        }
        selector.close();
    }
}
