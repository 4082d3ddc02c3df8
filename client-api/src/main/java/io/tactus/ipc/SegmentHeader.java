package io.tactus.ipc;

import static io.tactus.ipc.SegmentLayout.CLIENTS_OFFSET;
import static io.tactus.ipc.SegmentLayout.CREATOR_PID_OFFSET;
import static io.tactus.ipc.SegmentLayout.MAGIC;
import static io.tactus.ipc.SegmentLayout.MAGIC_OFFSET;
import static io.tactus.ipc.SegmentLayout.NFRAMES_OFFSET;
import static io.tactus.ipc.SegmentLayout.PORTS_OFFSET;
import static io.tactus.ipc.SegmentLayout.SIZE_OFFSET;
import static io.tactus.ipc.SegmentLayout.VERSION;
import static io.tactus.ipc.SegmentLayout.VERSION_OFFSET;

import io.tactus.api.TactusException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * The header of a {@link SharedSegment} (its offsets are in {@link SegmentLayout}): written by the creator
 * with the magic last, read and checked by the side that opens the segment. The magic is stored with release
 * semantics and read with acquire, so an opener that sees it sees the whole header. Not the hot path: runs
 * once per segment, when it is created or opened.
 */
final class SegmentHeader {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private SegmentHeader() {
    }

    /** Writes the header of {@code layout}, recording this process as the creator; the magic last. */
    static void write(MappedByteBuffer buffer, SegmentLayout layout) {
        INT.setRelease(buffer, VERSION_OFFSET, VERSION);
        LONG.setRelease(buffer, SIZE_OFFSET, (long) layout.size());
        INT.setRelease(buffer, CLIENTS_OFFSET, layout.clients());
        INT.setRelease(buffer, PORTS_OFFSET, layout.ports());
        INT.setRelease(buffer, NFRAMES_OFFSET, layout.nframes());
        LONG.setRelease(buffer, CREATOR_PID_OFFSET, ProcessHandle.current().pid());
        INT.setRelease(buffer, MAGIC_OFFSET, MAGIC);
    }

    /**
     * Checks the magic, version and size of the segment {@code file} mapped in {@code buffer} and rebuilds its
     * layout; a header that does not fit the file is a {@link TactusException} with one sentence.
     */
    static SegmentLayout read(Path file, MappedByteBuffer buffer, long fileSize) {
        int magic = (int) INT.getAcquire(buffer, MAGIC_OFFSET);
        if (magic != MAGIC) {
            throw new TactusException(String.format("%s is not a Tactus shared-memory segment: it starts with 0x%08x "
                    + "instead of the magic 0x%08x.", file, magic, MAGIC));
        }
        int version = (int) INT.getAcquire(buffer, VERSION_OFFSET);
        if (version != VERSION) {
            throw new TactusException(file + " has segment layout version " + version + " but this side reads version "
                    + VERSION + "; run a server and clients from the same Tactus release.");
        }
        long declared = (long) LONG.getAcquire(buffer, SIZE_OFFSET);
        SegmentLayout layout;
        try {
            layout = SegmentLayout.of((int) INT.getAcquire(buffer, CLIENTS_OFFSET),
                    (int) INT.getAcquire(buffer, PORTS_OFFSET), (int) INT.getAcquire(buffer, NFRAMES_OFFSET));
        } catch (IllegalArgumentException e) {
            throw new TactusException(file + " has a corrupt header: " + e.getMessage());
        }
        if (declared != layout.size() || fileSize != layout.size()) {
            throw new TactusException(file + " is " + fileSize + " bytes, its header declares " + declared
                    + " and its layout needs " + layout.size() + "; the segment is truncated or corrupt.");
        }
        return layout;
    }
}
