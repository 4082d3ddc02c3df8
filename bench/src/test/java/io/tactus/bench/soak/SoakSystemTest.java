package io.tactus.bench.soak;

import io.tactus.rt.SchedulingSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CI's soak: 8 jack_test3 process clients, 2 leaving and rejoining every 10 s, 1000 graph changes a minute, for
 * 90 s, with the floor beside it from second 20. Smaller than the 20 clients for 2 minutes (which {@code ./tactus soak --minutes 2} runs): on the
 * shared 2-core CI machine 20 cold client JVMs at once took longer to join than the test's 3 minutes allow. Nothing leaked
 * (exact counts, taken in the same state), RT Allocated Bytes exactly 0; memory growth within a generous bound
 * (a short run still touches new heap pages).
 */
class SoakSystemTest {

    @Test
    void shouldLeakNoFileDescriptorThreadOrSharedMemoryFileAndAllocateNothingOnTheEngineThread() throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        SoakSettings settings = SoakSettings.defaults().withMinutes(1.5).withClients(8, 2)
                .withServerName("soak-test-" + ProcessHandle.current().pid())
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0));

        SoakResult r = new Soak(settings, System.err).run();
        System.out.print(SoakReport.format(r));

        assertEquals(0, r.notJoined().size(), "every client joined: " + r.notJoined());
        // A churn before the first count and one every 10 s but the last; fewer when one took longer than its 10 s.
        assertTrue(r.churns() >= 2 && r.churns() <= 9, "churns: " + r.churns());
        assertEquals(r.churns() * 2, r.rejoins(), "two rejoined in every churn");
        assertTrue(r.graphChanges() > 1000, "about 1000 graph changes a minute: " + r.graphChanges());
        assertEquals(8, r.clientsAtEnd());
        assertEquals(r.before().fileDescriptors(), r.after().fileDescriptors(), "no file descriptor leaked");
        assertEquals(r.before().tactusThreads(), r.after().tactusThreads(), "none of Tactus's threads leaked");
        assertTrue(r.after().threads() <= r.before().threads() + SoakResult.JVM_THREADS_SLACK,
                "no thread leaked: " + r.before().threads() + " before, " + r.after().threads() + " after");
        assertEquals(1, r.before().files(), "one /dev/shm segment, the server's graph, whatever the clients");
        assertEquals(r.before().files(), r.after().files(), "no /dev/shm file leaked");
        assertEquals(0, r.rtAllocatedBytes(), "RT Allocated Bytes");
        // The floor ran beside the server from the first reading (second 20) to the end, less its warm-up (some 2 s).
        assertTrue(r.floor() != null && r.floor().seconds() > 40 && r.floor().seconds() < 90,
                "the floor's window beside the run: " + (r.floor() == null ? "none" : r.floor().seconds() + " s"));
        assertEquals(r.floor().periods(), r.floor().lateness().getTotalCount(), "one sample per period of the floor");
        // In a minute and a half a JVM is still touching its heap for the first time (a 256 MiB heap, not pre-touched,
        // filled at the server's allocation rate: +44 % PSS, measured), so the bound is on the anonymous part, where a
        // native leak shows; the 30-minute soak judges the whole PSS.
        assertTrue(r.anonGrowthPercent() < 50, "anonymous memory growth within a generous bound: "
                + r.anonGrowthPercent() + " % (" + r.anonFirstKb() + " KiB to " + r.anonEndKb() + " KiB)");
    }
}
