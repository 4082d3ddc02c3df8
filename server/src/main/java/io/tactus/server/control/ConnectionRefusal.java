package io.tactus.server.control;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Reply;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Turns a connection away on the selector thread, before it has a handler: one Error frame, written
 * without blocking (a fresh socket's buffer takes a short frame whole; a peer that has filled it hears
 * nothing), and the socket closed.
 */
final class ConnectionRefusal {

    private ConnectionRefusal() {
    }

    static void refuse(SocketChannel channel, String sentence) {
        try (channel) {
            channel.configureBlocking(false);
            ByteBuffer frame = ControlCodec.encode(new ControlFrame(0, new Reply.Error(sentence)));
            channel.write(frame);
        } catch (IOException gone) {
            // the peer left already; closing is all that is left to do
        }
    }
}
