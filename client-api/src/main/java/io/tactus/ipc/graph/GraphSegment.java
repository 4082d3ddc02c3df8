package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.GraphLayout.CREATOR_PID_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.HEADER_BYTES;
import static io.tactus.ipc.graph.GraphLayout.MAGIC;
import static io.tactus.ipc.graph.GraphLayout.MAGIC_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.MAX_SUCCESSORS;
import static io.tactus.ipc.graph.GraphLayout.MAX_SUCCESSORS_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.NFRAMES_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.PERIOD_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.PORTS_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.RECORDS_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.SIZE_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.VERSION;
import static io.tactus.ipc.graph.GraphLayout.VERSION_OFFSET;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.tactus.api.TactusException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;

/**
 * The server's one graph segment ({@code /dev/shm/tactus-<server>-graph}, mode 0600) mapped into this
 * process: the words of every activation record and every output port's buffer, laid out by
 * {@link GraphLayout}. The server creates it, writes the header (magic last, release) and deletes it on
 * close; clients {@link #open} it and check the header. Trade-off: as with the per-client segment, Java
 * cannot unmap a {@link MappedByteBuffer}, so {@link #close()} only drops references.
 *
 * <p>Hot path: the word accessors allocate nothing once compiled and hold across processes (both map the
 * same pages); their memory order is in each name. Offsets come from {@link GraphLayout}, always aligned.
 */
public final class GraphSegment implements AutoCloseable {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int PAGE = 4096;

    private final Path path;
    private final GraphLayout layout;
    private final boolean owner;
    private final long address;
    private MappedByteBuffer buffer;

    private GraphSegment(Path path, GraphLayout layout, boolean owner, MappedByteBuffer buffer) {
        this.path = path;
        this.layout = layout;
        this.owner = owner;
        this.buffer = buffer;
        this.address = Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
    }

    /** The file name of server {@code serverName}'s graph segment in /dev/shm. */
    public static String fileName(String serverName) {
        return "tactus-" + serverName + "-graph";
    }

    /** Creates {@code directory/name} (mode 0600, fails if it exists), touches its pages, writes the header. */
    public static GraphSegment create(Path directory, String name, GraphLayout layout, long periodNanos) {
        Path file = directory.resolve(name);
        try (FileChannel channel = FileChannel.open(file,
                EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, layout.size());
            for (int page = 0; page < layout.size(); page += PAGE) {
                buffer.put(page, (byte) 0);
            }
            INT.setRelease(buffer, VERSION_OFFSET, VERSION);
            LONG.setRelease(buffer, SIZE_OFFSET, (long) layout.size());
            INT.setRelease(buffer, RECORDS_OFFSET, layout.records());
            INT.setRelease(buffer, PORTS_OFFSET, layout.ports());
            INT.setRelease(buffer, NFRAMES_OFFSET, layout.nframes());
            INT.setRelease(buffer, MAX_SUCCESSORS_OFFSET, MAX_SUCCESSORS);
            LONG.setRelease(buffer, PERIOD_OFFSET, periodNanos);
            LONG.setRelease(buffer, CREATOR_PID_OFFSET, ProcessHandle.current().pid());
            INT.setRelease(buffer, GraphLayout.PERIOD_FRAMES_OFFSET, layout.nframes());
            for (int bank = 0; bank < 2; bank++) { // a clock read before the first stamp converts with a real size
                INT.setRelease(buffer, GraphLayout.clockOffset(bank) + GraphLayout.CLOCK_PERIOD_FRAMES, layout.nframes());
            }
            INT.setRelease(buffer, MAGIC_OFFSET, MAGIC);
            return new GraphSegment(file, layout, true, buffer);
        } catch (FileAlreadyExistsException e) {
            throw new TactusException("A graph segment " + file + " already exists; another server may be using that "
                    + "name, or a crashed one left it behind (delete it if no server is running).");
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // The creation error is the one worth reporting.
            }
            throw new TactusException("Cannot create the graph segment " + file + ": " + e.getMessage() + ".", e);
        }
    }

    /**
     * A private segment for a rehearsal on a normal thread ({@link AccessorWarmup}, {@link ActivationRehearsal}):
     * made in /dev/shm under a name of this process's and {@code purpose}, and unlinked at once, so nothing is left
     * if the JVM dies; the mapping lives until {@link #close}.
     */
    static GraphSegment scratch(String purpose, GraphLayout layout) {
        String name = "tactus-" + purpose + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        GraphSegment segment = create(Path.of("/dev/shm"), name, layout, 1);
        try {
            Files.deleteIfExists(segment.path());
        } catch (IOException e) {
            // close() deletes it
        }
        return segment;
    }

    /**
     * Runs the word accessors until the JIT has compiled them, once per JVM (later calls return at once).
     * Call it on a normal thread before a realtime thread first uses a segment: the first runs of this code
     * allocate, on whichever thread makes them (see {@link AccessorWarmup}). Returns whether this JVM's
     * warm-up converged (false while another thread runs it).
     */
    public static boolean warmUp() {
        return AccessorWarmup.ensure().converged();
    }

    /** Maps a finished graph segment and checks magic, version, successor bound and size. */
    public static GraphSegment open(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long fileSize = channel.size();
            if (fileSize < HEADER_BYTES || fileSize > Integer.MAX_VALUE) {
                throw new TactusException(file + " is not a Tactus graph segment: it is " + fileSize + " bytes long.");
            }
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, fileSize);
            int magic = (int) INT.getAcquire(buffer, MAGIC_OFFSET);
            int version = (int) INT.getAcquire(buffer, VERSION_OFFSET);
            if (magic != MAGIC || version != VERSION
                    || (int) INT.getAcquire(buffer, MAX_SUCCESSORS_OFFSET) != MAX_SUCCESSORS) {
                throw new TactusException(String.format("%s is not a Tactus graph segment of version %d (magic 0x%08x, "
                        + "version %d); run a server and clients from the same Tactus release.", file, VERSION, magic, version));
            }
            GraphLayout layout = GraphLayout.of((int) INT.getAcquire(buffer, RECORDS_OFFSET),
                    (int) INT.getAcquire(buffer, PORTS_OFFSET), (int) INT.getAcquire(buffer, NFRAMES_OFFSET));
            if (fileSize != layout.size() || (long) LONG.getAcquire(buffer, SIZE_OFFSET) != layout.size()) {
                throw new TactusException(file + " is " + fileSize + " bytes but its layout needs " + layout.size()
                        + "; the segment is truncated or corrupt.");
            }
            buffer.load();
            return new GraphSegment(file, layout, false, buffer);
        } catch (NoSuchFileException e) {
            throw new TactusException("There is no graph segment " + file + "; is the server running?");
        } catch (IOException | IllegalArgumentException e) {
            throw new TactusException("Cannot open the graph segment " + file + ": " + e.getMessage(), e);
        }
    }

    public Path path() {
        return path;
    }

    public GraphLayout layout() {
        return layout;
    }

    public boolean isOwner() {
        return owner;
    }

    public long periodNanos() {
        return (long) LONG.getAcquire(buffer, PERIOD_OFFSET);
    }

    /** This cycle's nframes, at most the slots' {@link GraphLayout#nframes()}. Acquire load; allocation-free. */
    public int periodFrames() {
        return (int) INT.getAcquire(buffer, GraphLayout.PERIOD_FRAMES_OFFSET);
    }

    /** Whether the engine freewheels. Acquire load; allocation-free. */
    public boolean freewheel() {
        return (int) INT.getAcquire(buffer, GraphLayout.FREEWHEEL_OFFSET) != 0;
    }

    /**
     * The engine, at a cycle start before it publishes the cycle: the period's nframes and length, and whether it
     * freewheels. Release stores; allocation-free.
     */
    public void publishPeriod(int nframes, long periodNanos, boolean freewheel) {
        LONG.setRelease(buffer, PERIOD_OFFSET, periodNanos);
        INT.setRelease(buffer, GraphLayout.FREEWHEEL_OFFSET, freewheel ? 1 : 0);
        INT.setRelease(buffer, GraphLayout.PERIOD_FRAMES_OFFSET, nframes);
    }

    /** The native address of the 4-byte word at {@code offset}, for {@link io.tactus.rt.Futex}. */
    public long wordAddress(int offset) {
        return address + offset;
    }

    /** Acquire load. Hot path: allocates nothing. */
    public int getIntAcquire(int offset) {
        return (int) INT.getAcquire(buffer, offset);
    }

    /** Release store. Hot path: allocates nothing. */
    public void setIntRelease(int offset, int value) {
        INT.setRelease(buffer, offset, value);
    }

    /** Full-fence atomic add, returning the previous value. Hot path: allocates nothing. */
    public int getAndAddInt(int offset, int delta) {
        return (int) INT.getAndAdd(buffer, offset, delta);
    }

    /** Acquire load. Hot path: allocates nothing. */
    public long getLongAcquire(int offset) {
        return (long) LONG.getAcquire(buffer, offset);
    }

    /** Release store. Hot path: allocates nothing. */
    public void setLongRelease(int offset, long value) {
        LONG.setRelease(buffer, offset, value);
    }

    /** Full-fence (sequentially consistent) store. Hot path: allocates nothing. */
    public void setLongVolatile(int offset, long value) {
        LONG.setVolatile(buffer, offset, value);
    }

    /** Full-fence compare-and-set. Hot path: allocates nothing. */
    public boolean compareAndSetLong(int offset, long expected, long value) {
        return LONG.compareAndSet(buffer, offset, expected, value);
    }

    /** A native-order view of port {@code port}'s nframes floats. Allocates: make views once, at setup. */
    public FloatBuffer buffer(int port) {
        return buffer.slice(layout.bufferOffset(port), layout.nframes() * Float.BYTES)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    /**
     * Port {@code port}'s data seen as a MIDI buffer of {@link GraphLayout#MIDI_BYTES} bytes. Allocates: make
     * views once, at setup. A reader must still check the events it reads: another process writes them.
     */
    public io.tactus.api.MidiBuffer midiBuffer(int port) {
        return io.tactus.api.MidiBuffer.wrap(buffer.slice(layout.bufferOffset(port), GraphLayout.MIDI_BYTES),
                layout.nframes());
    }

    /** Drops the mapping's reference and, for the owner, deletes the file. Idempotent. */
    @Override
    public void close() {
        if (buffer == null) {
            return;
        }
        buffer = null;
        if (owner) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                throw new TactusException("Could not delete the graph segment " + path + " (" + e.getMessage()
                        + "); delete it by hand.", e);
            }
        }
    }

    @Override
    public String toString() {
        return "GraphSegment[" + path + (owner ? ", owner" : "") + ", " + layout + "]";
    }
}
