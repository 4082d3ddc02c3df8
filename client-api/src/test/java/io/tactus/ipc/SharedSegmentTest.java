package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tactus.api.TactusException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two mappings of one file inside this JVM; the other-process case is {@link SharedSegmentCrossProcessTest}. */
class SharedSegmentTest {

    private static final SegmentLayout LAYOUT = SegmentLayout.of(2, 4, 64);

    @TempDir
    Path directory;

    private final String name = "tactus-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    private SharedSegment created;
    private SharedSegment opened;

    @AfterEach
    void closeBoth() throws IOException {
        if (opened != null) {
            opened.close();
        }
        if (created != null) {
            created.close();
        }
        Files.deleteIfExists(SharedSegment.defaultDirectory().resolve(name));
    }

    @Test
    void shouldCreateTheFileInDevShmWithMode0600() throws IOException {
        created = SharedSegment.create(name, LAYOUT);

        assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "no /dev/shm here");
        assertEquals(Path.of("/dev/shm", name), created.path());
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(created.path()));
        assertEquals(LAYOUT.size(), Files.size(created.path()));
    }

    @Test
    void shouldMapAtAPageAlignedAddressWithCacheLineAlignedPorts() {
        created = SharedSegment.create(directory, name, LAYOUT);

        assertEquals(0, created.address() % 4096);
        assertEquals(created.address() + LAYOUT.triggerOffset(1), created.wordAddress(LAYOUT.triggerOffset(1)));
        assertEquals(0, (created.address() + LAYOUT.portOffset(3)) % 64);
        assertThrows(IllegalArgumentException.class, () -> created.wordAddress(LAYOUT.triggerOffset(0) + 1));
        assertThrows(IllegalArgumentException.class, () -> created.wordAddress(LAYOUT.size()));
    }

    @Test
    void shouldRebuildTheLayoutFromTheHeaderOnOpen() {
        created = SharedSegment.create(directory, name, LAYOUT);
        opened = SharedSegment.open(created.path());

        assertEquals(LAYOUT, opened.layout());
        assertTrue(created.isOwner());
        assertFalse(opened.isOwner());
        assertEquals(ProcessHandle.current().pid(), opened.creatorPid());
        assertTrue(opened.address() != created.address(), "two mappings, two addresses");
    }

    @Test
    void shouldShareWordsBetweenMappingsThroughTheVarHandles() {
        created = SharedSegment.create(directory, name, LAYOUT);
        opened = SharedSegment.open(created.path());
        int trigger = LAYOUT.triggerOffset(1);
        int cycle = LAYOUT.cycleOffset(1);

        created.setIntRelease(trigger, 41);
        assertEquals(41, opened.getIntAcquire(trigger));
        assertTrue(opened.compareAndSetInt(trigger, 41, 42));
        assertFalse(opened.compareAndSetInt(trigger, 41, 43));
        assertEquals(42, created.getAndAddInt(trigger, 1));
        assertEquals(43, opened.getIntVolatile(trigger));
        opened.setIntVolatile(trigger, -1);
        assertEquals(-1, created.getIntAcquire(trigger));
        created.setLongRelease(cycle, 1L << 40);
        assertEquals(1L << 40, opened.getLongAcquire(cycle));
    }

    @Test
    void shouldRefuseMisalignedWordAccess() {
        created = SharedSegment.create(directory, name, LAYOUT);

        assertThrows(IllegalStateException.class, () -> created.getIntAcquire(LAYOUT.triggerOffset(0) + 2));
    }

    @Test
    void shouldShareFloatsInNativeOrderThroughPortViews() {
        created = SharedSegment.create(directory, name, LAYOUT);
        opened = SharedSegment.open(created.path());
        FloatBuffer written = created.port(2);
        FloatBuffer read = opened.port(2);

        for (int i = 0; i < LAYOUT.nframes(); i++) {
            written.put(i, i * 0.5f);
        }

        assertEquals(LAYOUT.nframes(), read.capacity());
        assertEquals(ByteOrder.nativeOrder(), read.order());
        float[] frames = new float[LAYOUT.nframes()];
        read.get(0, frames);
        for (int i = 0; i < frames.length; i++) {
            assertEquals(i * 0.5f, frames[i]);
        }
        assertEquals(0f, opened.port(1).get(LAYOUT.nframes() - 1), "neighbouring port untouched");
        assertEquals(0f, opened.port(3).get(0), "neighbouring port untouched");
        assertThrows(IllegalArgumentException.class, () -> created.floats(LAYOUT.size() - 4, 2));
    }

    @Test
    void shouldNotAllocateInTheWordAccessorsAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        created = SharedSegment.create(directory, name, LAYOUT);
        // Warm up by repeated calls for a while: the one C1-to-C2 switch of the loop allocates a few bytes once.
        long sum = 0;
        long warmUpEnd = System.nanoTime() + 1_000_000_000L;
        for (int i = 0; i < 30 || System.nanoTime() < warmUpEnd; i++) {
            sum += touchWords(10_000);
        }
        threads.getCurrentThreadAllocatedBytes();

        // Three windows: a late JIT transition can land in one; accessors that allocated show in all.
        long[] allocated = new long[3];
        for (int w = 0; w < allocated.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            sum += touchWords(10_000);
            allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }

        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated per window of "
                + "10000 rounds of word accesses: " + java.util.Arrays.toString(allocated));
        assertTrue(sum > 0);
    }

    private long touchWords(int rounds) {
        int done = LAYOUT.doneOffset(0);
        int cycle = LAYOUT.cycleOffset(0);
        long sum = 0;
        for (int i = 0; i < rounds; i++) {
            created.setIntRelease(done, i);
            sum += created.getIntAcquire(done);
            created.compareAndSetInt(done, i, i + 1);
            sum += created.getAndAddInt(done, 1);
            created.setLongRelease(cycle, i);
            sum += created.getLongAcquire(cycle);
        }
        return sum;
    }

    @Test
    void shouldDeleteTheFileWhenTheOwnerClosesButNotWhenTheOpenerDoes() {
        created = SharedSegment.create(directory, name, LAYOUT);
        opened = SharedSegment.open(created.path());

        opened.close();
        assertTrue(Files.exists(created.path()));
        created.close();
        assertFalse(Files.exists(created.path()));
        created.close();
        assertThrows(NullPointerException.class, () -> created.getIntAcquire(0), "closed segments refuse access");
    }

    @Test
    void shouldRefuseToCreateOverAnExistingSegment() {
        created = SharedSegment.create(directory, name, LAYOUT);

        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.create(directory, name, LAYOUT));
        assertOneSentence(e.getMessage());
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        assertTrue(Files.exists(created.path()), "the existing segment is left alone");
    }

    @Test
    void shouldRefuseAFileWithAWrongMagicInOneSentence() throws IOException {
        Path file = directory.resolve("not-a-segment");
        ByteBuffer junk = ByteBuffer.allocate(LAYOUT.size());
        junk.put("RIFF".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Files.write(file, junk.array());

        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.open(file));
        assertOneSentence(e.getMessage());
        assertTrue(e.getMessage().startsWith(file + " is not a Tactus shared-memory segment"), e.getMessage());
    }

    @Test
    void shouldRefuseAnotherLayoutVersion() {
        created = SharedSegment.create(directory, name, LAYOUT);
        created.setIntRelease(SegmentLayout.VERSION_OFFSET, SegmentLayout.VERSION + 1);

        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.open(created.path()));
        assertOneSentence(e.getMessage());
        assertTrue(e.getMessage().contains("version"), e.getMessage());
    }

    @Test
    void shouldRefuseATruncatedSegment() throws IOException {
        created = SharedSegment.create(directory, name, LAYOUT);
        try (var channel = java.nio.channels.FileChannel.open(created.path(), java.nio.file.StandardOpenOption.WRITE)) {
            channel.truncate(LAYOUT.size() - 64);
        }

        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.open(created.path()));
        assertOneSentence(e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void shouldRefuseAFileShorterThanTheHeader() throws IOException {
        Path file = Files.write(directory.resolve("short"), new byte[10]);

        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.open(file));
        assertOneSentence(e.getMessage());
    }

    @Test
    void shouldSayWhenThereIsNoSegment() {
        TactusException e = assertThrows(TactusException.class, () -> SharedSegment.open(directory.resolve("absent")));
        assertOneSentence(e.getMessage());
        assertTrue(e.getMessage().contains("is the server running"), e.getMessage());
    }

    @Test
    void shouldRejectNamesThatAreNotPlainFileNames() {
        assertThrows(IllegalArgumentException.class, () -> SharedSegment.create(directory, "../x", LAYOUT));
        assertThrows(IllegalArgumentException.class, () -> SharedSegment.create(directory, "", LAYOUT));
    }

    private static void assertOneSentence(String message) {
        assertFalse(message.contains("\n"), message);
        assertTrue(message.endsWith(".") || message.endsWith("?"), message);
        String body = message.substring(0, message.length() - 1).replaceAll("\\d\\.\\d", "");
        assertFalse(body.matches(".*[.?!] [A-Z].*"), "more than one sentence: " + message);
    }
}
