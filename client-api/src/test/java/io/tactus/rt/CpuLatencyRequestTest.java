package io.tactus.rt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.mockito.Mockito.mock;

class CpuLatencyRequestTest {

    @TempDir
    Path temp;

    private final List<String> warnings = new ArrayList<>();
    private final RealtimeScheduler scheduler = new RealtimeScheduler(mock(RealtimeNative.class), warnings::add);

    private Path driver(String name) throws Exception {
        return Files.writeString(temp.resolve("current_driver"), name + "\n");
    }

    @Test
    void shouldWriteTheLatencyAsTheKernelsBinaryIntegerAndHoldItUntilClosed() throws Exception {
        Path device = temp.resolve("cpu_dma_latency");
        Files.createFile(device);
        try (CpuLatencyRequest request = scheduler.holdCpuLatency(device, driver("haltpoll"), 25)) {
            assertTrue(request.held());
            assertEquals(25, request.micros());
            assertArrayEquals(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(25).array(),
                    Files.readAllBytes(device));
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void shouldAskNothingForMinusOne() throws Exception {
        assertSame(CpuLatencyRequest.NONE, scheduler.holdCpuLatency(temp.resolve("never-opened"), driver("none"), -1));
        assertFalse(Files.exists(temp.resolve("never-opened")));
        assertTrue(warnings.isEmpty());
        assertEquals("idle CPUs as the system sets them", CpuLatencyRequest.describe(-1));
        assertEquals("idle CPUs poll (PM QoS 0 usecs)", CpuLatencyRequest.describe(0));
        assertEquals("idle CPUs wake within 20 usecs (PM QoS)", CpuLatencyRequest.describe(20));
    }

    @Test
    void shouldWarnOnceInOneSentenceAndHoldNothingWhenTheDeviceCannotBeOpened() throws Exception {
        Path missing = temp.resolve("no-such-dir").resolve("cpu_dma_latency");
        CpuLatencyRequest first = scheduler.holdCpuLatency(missing, driver("haltpoll"), 0);
        CpuLatencyRequest second = scheduler.holdCpuLatency(missing, driver("haltpoll"), 0);
        assertSame(CpuLatencyRequest.NONE, first);
        assertSame(CpuLatencyRequest.NONE, second);
        assertFalse(first.held());
        assertEquals(List.of("cannot ask the CPUs for a wake-up latency of 0 usecs through " + missing
                + " (No such file or directory); an idle CPU may wake the engine late"), warnings);
        first.close(); // holds nothing: nothing to do, no exception
    }

    /** Without an idle driver no governor reads the request: held, but a warning says it has no effect. */
    @Test
    void shouldHoldTheRequestButWarnOnceWhenTheCpusHaveNoIdleDriver() throws Exception {
        Path device = Files.createFile(temp.resolve("cpu_dma_latency"));
        Path none = driver("none");
        try (CpuLatencyRequest first = scheduler.holdCpuLatency(device, none, 0);
             CpuLatencyRequest second = scheduler.holdCpuLatency(device, none, 0)) {
            assertTrue(first.held());
            assertTrue(second.held());
        }
        assertEquals(List.of("the CPUs have no cpuidle driver (" + none + " says none), so the request for a wake-up"
                + " latency of 0 usecs has no effect: an idle CPU halts and may wake the engine late (a longer --spin-us"
                + " covers more of it)"), warnings);
        warnings.clear();
        Path absent = temp.resolve("cpuidle").resolve("current_driver");
        new RealtimeScheduler(mock(RealtimeNative.class), warnings::add).holdCpuLatency(device, absent, 0).close();
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("the CPUs have no cpuidle driver (" + absent + " is missing)"),
                warnings.get(0));
        assertEquals("haltpoll", CpuLatencyRequest.idleDriver(driver("haltpoll")));
    }

    @Test
    void shouldRefuseANegativeLatency() {
        assertThrows(IllegalArgumentException.class, () -> CpuLatencyRequest.hold(temp.resolve("x"), -2));
    }

    /** The real device: while held, the kernel's aggregate (what reading the device gives) is 0. */
    @Test
    void shouldMakeTheKernelsAggregateZeroWhileHeld() throws Exception {
        assumeTrue(Files.isWritable(CpuLatencyRequest.DEVICE), "needs root and " + CpuLatencyRequest.DEVICE);
        try (CpuLatencyRequest request = CpuLatencyRequest.hold(CpuLatencyRequest.DEVICE, 0)) {
            assertTrue(request.held());
            assertEquals(0, readAggregate());
        }
    }

    private static int readAggregate() throws Exception {
        try (FileInputStream in = new FileInputStream(CpuLatencyRequest.DEVICE.toFile())) {
            byte[] bytes = in.readNBytes(4);
            return ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder()).getInt();
        }
    }
}
