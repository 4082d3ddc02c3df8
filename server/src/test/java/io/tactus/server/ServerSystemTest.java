package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.engine.EngineSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.tactus.server.ServerTestSupport.settings;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class ServerSystemTest {

    @Test
    void shouldRunTheEngineThreadAsFifoAtTheAskedPriority() throws Exception {
        assumeTrue(ServerTestSupport.isRoot(), "SCHED_FIFO needs root");
        try (TactusServer server = TactusServer.start(settings(SchedulingSettings.fifo(72)))) {
            assertTrue(server.scheduling().granted());
            int tid = server.scheduling().tid();
            // Read back from the kernel, not from our own bookkeeping: /proc/<pid>/task/<tid>/stat.
            String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            assertEquals(72, Integer.parseInt(fields[39 - 2]), "rt_priority (field 40)");
            assertEquals(1, Integer.parseInt(fields[40 - 2]), "policy (field 41) is SCHED_FIFO");
            assertTrue(Files.readString(Path.of("/proc/self/task/" + tid + "/comm")).startsWith("tactus-engine"));
        }
    }

    @Test
    void shouldFallBackToSchedOtherWithOneWarningWhenRealtimeIsRefused() {
        RealtimeNative refusing = mock(RealtimeNative.class);
        when(refusing.isAvailable()).thenReturn(true);
        when(refusing.gettid()).thenReturn(4242);
        when(refusing.setScheduler(anyInt(), anyInt())).thenReturn(RealtimeNative.EPERM);
        when(refusing.getScheduler()).thenReturn(0);
        when(refusing.getPriority()).thenReturn(0);
        when(refusing.getNice()).thenReturn(0);
        List<String> warnings = new CopyOnWriteArrayList<>();
        try (TactusServer server = TactusServer.start(settings(SchedulingSettings.fifo(70)).withCpuLatencyMicros(-1),
                new RealtimeScheduler(refusing, warnings::add))) {
            assertEquals(SchedulingPolicy.OTHER, server.scheduling().actualPolicy());
            assertEquals(1, warnings.size(), "one warning: " + warnings);
            assertTrue(warnings.get(0).contains("SCHED_FIFO") && warnings.get(0).contains("EPERM"), warnings.get(0));
            long before = server.cyclesRun();
            assertTrue(within(5_000, () -> server.cyclesRun() > before), "the engine runs anyway, as SCHED_OTHER");
        }
    }

    @Test
    void shouldHoldTheCpuWakeUpLatencyItWasGivenWhileItRunsAndNoneWhenAskedForNone() {
        boolean allowed = Files.isWritable(CpuLatencyRequest.DEVICE);
        try (TactusServer server = TactusServer.start(settings(SchedulingSettings.other(0)))) {
            assertEquals(allowed ? 0 : -1, server.cpuLatencyMicros(), "the default: idle CPUs poll, where the kernel lets us");
        }
        try (TactusServer server = TactusServer.start(settings(SchedulingSettings.other(0)).withCpuLatencyMicros(-1))) {
            assertEquals(-1, server.cpuLatencyMicros());
        }
        var bad = settings(SchedulingSettings.other(0)).withCpuLatencyMicros(-5);
        TactusException e = assertThrows(TactusException.class, () -> TactusServer.start(bad));
        assertEquals("--cpu-latency-us, the most an idle CPU may take to wake, must be -1 (ask nothing) or from 0 to"
                + " 1000000 usecs, not -5", e.getMessage());
    }

    @Test
    void shouldRefuseFramesThatAreNotAPowerOfTwoFrom16To4096() {
        for (int frames : new int[]{100, 8, 8192, 0, -64}) {
            var bad = settings(SchedulingSettings.other(0)).withEngine(EngineSettings.of(48_000, frames));
            TactusException e = assertThrows(TactusException.class, () -> TactusServer.start(bad));
            assertEquals("frames per period must be a power of two from 16 to 4096, not " + frames, e.getMessage());
        }
    }

    @Test
    void shouldRefuseAnUnsupportedSampleRate() {
        var bad = settings(SchedulingSettings.other(0)).withEngine(EngineSettings.of(12_345, 64));
        TactusException e = assertThrows(TactusException.class, () -> TactusServer.start(bad));
        assertEquals("sample rate 12345 Hz is not supported; choose one of 22050, 32000, 44100, 48000, 88200, 96000, "
                + "176400, 192000", e.getMessage());
    }

    @Test
    void shouldRefuseASecondServerOfTheSameName() {
        ServerSettings s = settings(SchedulingSettings.other(0));
        try (TactusServer first = TactusServer.start(s)) {
            TactusException e = assertThrows(TactusException.class,
                    () -> TactusServer.start(s.withDriver(new io.tactus.server.driver.DummyDriver())));
            assertTrue(e.getMessage().contains("already running"), e.getMessage());
            long before = first.cyclesRun();
            assertTrue(within(5_000, () -> first.cyclesRun() > before), "the first server runs on after the refusal");
        }
    }

    @Test
    void shouldSayClearlyWhenNoServerOfThatNameRuns() {
        TactusException e = assertThrows(TactusException.class,
                () -> Tactus.open("x", ClientOptions.defaults().withServer("nobody-here")));
        assertEquals("no Tactus server named 'nobody-here' is running; start one with ./tactus server", e.getMessage());
    }

    @Test
    void shouldKeepRunningAfterEveryKindOfBadRequest() {
        try (TactusServer server = TactusServer.start(settings(SchedulingSettings.other(0)))) {
            TestMixer a = new TestMixer(server, "a");
            new TestMixer(server, "b");
            TactusClient c = a.client;
            List<Runnable> bad = List.of(
                    () -> c.connect("a:out_1", "nobody:in_1"),
                    () -> c.connect("a:out_1", "b:out_1"),
                    () -> c.connect("a:in_1", "b:in_1"),
                    () -> server.openClient("b"),
                    () -> c.disconnect("a:out_1", "b:in_1"),
                    () -> c.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT),
                    () -> c.registerPort("both", PortType.AUDIO, PortFlag.INPUT, PortFlag.OUTPUT),
                    () -> c.connect("no-colon", "b:in_1"));
            List<String> messages = new ArrayList<>();
            for (Runnable request : bad) {
                messages.add(assertThrows(TactusException.class, request::run).getMessage());
            }
            assertEquals(bad.size(), messages.stream().distinct().count(), "each mistake has its own sentence: " + messages);
            c.connect("a:out_1", "b:in_1");
            assertEquals(List.of("b:in_1"), c.getConnections("a:out_1"));
            long before = server.cyclesRun();
            assertTrue(within(5_000, () -> server.cyclesRun() > before), "still cycling");
        }
    }

    @Test
    void shouldTellClientsWhenTheServerStopsAndWhenTheGraphOrderChanges() {
        ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
        TactusServer server = TactusServer.start(settings(SchedulingSettings.other(0)));
        try {
            TestMixer a = new TestMixer(server, "a");
            a.client.setShutdownCallback(reason -> events.add("shutdown: " + reason));
            a.client.setGraphOrderCallback(() -> events.add("order"));
            new TestMixer(server, "b");
            assertTrue(within(5_000, () -> events.contains("order")), "graph order told after b joined: " + events);
        } finally {
            server.close();
        }
        assertTrue(within(5_000, () -> events.contains("shutdown: server stopped")), events.toString());
        assertThrows(TactusException.class, () -> server.openClient("late"));
    }
}
