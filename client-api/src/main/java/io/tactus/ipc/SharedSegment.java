package io.tactus.ipc;

import static io.tactus.ipc.SegmentLayout.CREATOR_PID_OFFSET;
import static io.tactus.ipc.SegmentLayout.HEADER_BYTES;

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
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;

/**
 * A file mapped into both the server's and a client's address space, through which they exchange port
 * buffers and futex words without a system call per sample. The creator makes the file (mode 0600 from
 * the start, so no other user ever sees it readable), writes the header ({@link SegmentHeader}) and deletes
 * the file on close; the other side {@link #open}s it and checks the header. Trade-off: Java cannot unmap a
 * {@link MappedByteBuffer}, so {@link #close()} only drops this object's references and the mapping goes
 * when the garbage collector frees the buffer (and every {@link #floats} view of it).
 *
 * <p>Hot path: the word accessors allocate nothing and are safe from any thread. They have the
 * acquire/release (or volatile) semantics of {@link VarHandle}s, which hold across processes because both
 * map the same physical pages. Offsets must be aligned to the width of the access (an
 * {@link IllegalStateException} otherwise); {@link SegmentLayout} hands out only aligned ones.
 */
public final class SharedSegment implements AutoCloseable {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int PAGE = 4096;

    private final Path path;
    private final SegmentLayout layout;
    private final boolean owner;
    private final long address;
    private MappedByteBuffer buffer;

    private SharedSegment(Path path, SegmentLayout layout, boolean owner, MappedByteBuffer buffer) {
        this.path = path;
        this.layout = layout;
        this.owner = owner;
        this.buffer = buffer;
        this.address = Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
    }

    /** /dev/shm where it exists (memory, never written to disk), otherwise java.io.tmpdir. */
    public static Path defaultDirectory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** {@link #create(Path, String, SegmentLayout)} in the {@link #defaultDirectory()}. */
    public static SharedSegment create(String name, SegmentLayout layout) {
        return create(defaultDirectory(), name, layout);
    }

    /**
     * Creates {@code directory/name} with mode 0600, sized and mapped for {@code layout}, its pages touched
     * so the realtime thread takes no page faults, and the header written (magic last, with release
     * semantics, so an opener that sees the magic sees the whole header). Fails if the file exists.
     */
    public static SharedSegment create(Path directory, String name, SegmentLayout layout) {
        Path file = resolve(directory, name);
        boolean created = false;
        try (FileChannel channel = FileChannel.open(file,
                EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            created = true;
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, layout.size());
            for (int page = 0; page < layout.size(); page += PAGE) {
                buffer.put(page, (byte) 0);
            }
            SegmentHeader.write(buffer, layout);
            return new SharedSegment(file, layout, true, buffer);
        } catch (FileAlreadyExistsException e) {
            throw new TactusException("A shared-memory segment " + file + " already exists; another server may be "
                    + "using that name, or a crashed one left it behind (delete it if no server is running).");
        } catch (UnsupportedOperationException e) {
            throw new TactusException("Cannot create the shared-memory segment in " + directory
                    + " because its file system has no POSIX permissions; use a directory on a Linux file system.");
        } catch (IOException | RuntimeException e) {
            if (created) {
                deleteQuietly(file);
            }
            throw new TactusException("Cannot create the shared-memory segment " + file + ": " + e.getMessage() + ".", e);
        }
    }

    /**
     * Runs the word accessors until the JIT has compiled them, once per JVM (later calls return at once).
     * Call it on a normal thread before a realtime thread first uses a segment: the first runs of this code
     * allocate, on whichever thread makes them (see {@link AccessorWarmup}). Returns whether this JVM's warm-up
     * converged: it saw the accessors stop allocating within its bound (false while another thread runs it).
     */
    public static boolean warmUp() {
        return AccessorWarmup.ensure().converged();
    }

    /** {@link #open(Path)} on {@code name} in the {@link #defaultDirectory()}. */
    public static SharedSegment open(String name) {
        return open(resolve(defaultDirectory(), name));
    }

    /**
     * Maps a segment that its creator has finished (announce the name only after {@link #create} returned)
     * and checks its magic, version and size; the layout is rebuilt from the header.
     */
    public static SharedSegment open(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long fileSize = channel.size();
            if (fileSize < HEADER_BYTES || fileSize > Integer.MAX_VALUE) {
                throw new TactusException(file + " is not a Tactus shared-memory segment: it is " + fileSize
                        + " bytes long, which no segment layout has.");
            }
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, fileSize);
            SegmentLayout layout = SegmentHeader.read(file, buffer, fileSize);
            buffer.load();
            return new SharedSegment(file, layout, false, buffer);
        } catch (NoSuchFileException e) {
            throw new TactusException("There is no shared-memory segment " + file + "; is the server running?");
        } catch (AccessDeniedException e) {
            throw new TactusException("Cannot open the shared-memory segment " + file
                    + ": permission denied (segments are private to the user who started the server).");
        } catch (IOException e) {
            throw new TactusException("Cannot open the shared-memory segment " + file + ": " + e.getMessage() + ".", e);
        }
    }

    public Path path() {
        return path;
    }

    public SegmentLayout layout() {
        return layout;
    }

    /** True for the side that created the segment and deletes its file on close. */
    public boolean isOwner() {
        return owner;
    }

    /** The pid recorded by the creator, for telling a live server's segment from a stale one. */
    public long creatorPid() {
        return (long) LONG.getAcquire(buffer, CREATOR_PID_OFFSET);
    }

    /** The native address of the mapping's first byte (page-aligned); add a layout offset for a futex word. */
    public long address() {
        return address;
    }

    /** The native address of the 4-byte-aligned word at {@code offset}, for {@link io.tactus.rt.Futex}. */
    public long wordAddress(int offset) {
        if (offset < 0 || offset > layout.size() - Integer.BYTES || (offset & 3) != 0) {
            throw new IllegalArgumentException("A futex word needs a 4-byte-aligned offset inside the "
                    + layout.size() + "-byte segment, not " + offset + ".");
        }
        return address + offset;
    }

    /** Acquire load of the 32-bit word at {@code offset}. Hot path: allocates nothing. */
    public int getIntAcquire(int offset) {
        return (int) INT.getAcquire(buffer, offset);
    }

    /** Release store of the 32-bit word at {@code offset}. Hot path: allocates nothing. */
    public void setIntRelease(int offset, int value) {
        INT.setRelease(buffer, offset, value);
    }

    /** Volatile (sequentially consistent) load. Hot path: allocates nothing. */
    public int getIntVolatile(int offset) {
        return (int) INT.getVolatile(buffer, offset);
    }

    /** Volatile (sequentially consistent) store. Hot path: allocates nothing. */
    public void setIntVolatile(int offset, int value) {
        INT.setVolatile(buffer, offset, value);
    }

    /** Atomic compare-and-set of the 32-bit word. Hot path: allocates nothing. */
    public boolean compareAndSetInt(int offset, int expected, int value) {
        return INT.compareAndSet(buffer, offset, expected, value);
    }

    /** Atomic add, returning the previous value. Hot path: allocates nothing. */
    public int getAndAddInt(int offset, int delta) {
        return (int) INT.getAndAdd(buffer, offset, delta);
    }

    /** Acquire load of the 8-byte-aligned 64-bit word at {@code offset} (the cycle counter). Hot path. */
    public long getLongAcquire(int offset) {
        return (long) LONG.getAcquire(buffer, offset);
    }

    /** Release store of the 8-byte-aligned 64-bit word at {@code offset}. Hot path. */
    public void setLongRelease(int offset, long value) {
        LONG.setRelease(buffer, offset, value);
    }

    /**
     * A native-order view of {@code count} floats from {@code offsetBytes}, with its own position and limit.
     * Allocates: make the views once at setup and reuse them every cycle.
     */
    public FloatBuffer floats(int offsetBytes, int count) {
        if ((offsetBytes & 3) != 0 || count < 0 || offsetBytes < 0
                || (long) offsetBytes + (long) count * Float.BYTES > layout.size()) {
            throw new IllegalArgumentException("Cannot view " + count + " floats at byte " + offsetBytes
                    + " of a " + layout.size() + "-byte segment (the offset must be 4-byte aligned and the view inside).");
        }
        return buffer.slice(offsetBytes, count * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    /** The {@link #floats} view of port buffer {@code port}: {@link SegmentLayout#nframes()} floats. */
    public FloatBuffer port(int port) {
        return floats(layout.portOffset(port), layout.nframes());
    }

    /**
     * Drops this object's reference to the mapping (Java unmaps it once the buffer and all its views are
     * garbage) and, for the owner, deletes the file; a process that still has it mapped keeps its pages.
     * Stop every thread that uses the segment first: after close the accessors throw. Idempotent.
     */
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
                throw new TactusException("Could not delete the shared-memory segment " + path + " (" + e.getMessage()
                        + "); delete it by hand.", e);
            }
        }
    }

    @Override
    public String toString() {
        return "SharedSegment[" + path + (owner ? ", owner" : "") + ", " + layout + "]";
    }

    private static Path resolve(Path directory, String name) {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("A segment name is a plain file name, not \"" + name + "\".");
        }
        return directory.resolve(name);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // The creation error is the one worth reporting.
        }
    }
}
