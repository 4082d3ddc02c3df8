package io.tactus.rt;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process at the other end of a Unix-domain socket as the kernel recorded it at connect() (SO_PEERCRED),
 * where the JDK's own SO_PEERCRED option gives only the user and group. Java does not hand out a channel's
 * descriptor (sun.nio.ch is not open to other modules, and setAccessible fails on Java 17 and 25 alike), so
 * the descriptor is found by a mark: a linger time unique in this JVM, set through the public socket-option
 * API, then looked for with getsockopt among this process's descriptors, and the linger is switched off again
 * (a Unix-domain socket ignores it). Trade-off: one scan of /proc/self/fd per connection (a syscall per open
 * descriptor, a millisecond or so), against --add-opens or sun.misc.Unsafe. Setup calls, never realtime.
 */
public final class PeerCredentials {

    private static final int SOL_SOCKET = 1;
    private static final int SO_LINGER = 13;
    private static final int SO_PEERCRED = 17;
    /** Linger times used as marks; the JDK caps a linger at 65535 s. */
    private static final int FIRST_MARK = 40_000;
    private static final int MARKS = 20_000;
    private static final AtomicInteger NEXT_MARK = new AtomicInteger();
    /** One mark at a time in this JVM, so two scans never see each other's mark. */
    private static final Object MARKING = new Object();

    private PeerCredentials() {
    }

    /** The peer's process id, from the kernel; throws IOException with the reason when it cannot be read. */
    public static long peerPid(SocketChannel channel) throws IOException {
        if (!Libc.AVAILABLE) {
            throw new IOException("the peer's process id needs getsockopt through JNA on Linux, which is not available");
        }
        synchronized (MARKING) {
            int mark = FIRST_MARK + Math.floorMod(NEXT_MARK.getAndIncrement(), MARKS);
            channel.setOption(StandardSocketOptions.SO_LINGER, mark);
            try {
                int fd = markedDescriptor(mark);
                int[] ucred = new int[3]; // pid, uid, gid
                if (Libc.getsockopt(fd, SOL_SOCKET, SO_PEERCRED, ucred, new int[] {12}) != 0) {
                    throw new IOException("getsockopt(SO_PEERCRED) failed with "
                            + RealtimeNative.errnoName(Native.getLastError()));
                }
                return ucred[0];
            } finally {
                channel.setOption(StandardSocketOptions.SO_LINGER, -1);
            }
        }
    }

    /** The one descriptor of this process whose linger is {@code mark}. */
    private static int markedDescriptor(int mark) throws IOException {
        int found = -1;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            int[] linger = new int[2]; // l_onoff, l_linger
            for (Path entry : fds) {
                int fd = Integer.parseInt(entry.getFileName().toString());
                linger[0] = 0;
                linger[1] = 0;
                if (Libc.getsockopt(fd, SOL_SOCKET, SO_LINGER, linger, new int[] {8}) == 0 && linger[0] != 0
                        && linger[1] == mark) {
                    if (found >= 0) {
                        throw new IOException("two sockets of this process carry the same mark");
                    }
                    found = fd;
                }
            }
        }
        if (found < 0) {
            throw new IOException("the socket's descriptor was not found in /proc/self/fd");
        }
        return found;
    }

    /** getsockopt from libc, registered once; AVAILABLE is false off Linux or without JNA. */
    private static final class Libc {
        static final boolean AVAILABLE = register();

        static native int getsockopt(int fd, int level, int name, int[] value, int[] length);

        private static boolean register() {
            try {
                if (!Platform.isLinux()) {
                    return false;
                }
                Native.register(Libc.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
                return true;
            } catch (LinkageError | RuntimeException e) {
                return false;
            }
        }
    }
}
