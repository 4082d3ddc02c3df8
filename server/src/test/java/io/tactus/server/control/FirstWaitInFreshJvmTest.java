package io.tactus.server.control;

import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An asynchronous client is waited for only after a late cycle, so the engine thread can run the wait's
 * code for the first time in the middle of a run; the first run of code allocates (a VarHandle call site
 * is linked, a thread's futex timespec is made). Within one test JVM other tests have run that code
 * already, so this runs the scenario in a fresh JVM ({@link #main}) and reads the engine thread's
 * allocation from its output. The fresh JVM runs with {@code -Xbatch}: each compilation ends before the call
 * that asked for it returns, so on a loaded machine no compiled code arrives late, inside the measured wait.
 */
class FirstWaitInFreshJvmTest {

    @TempDir
    Path temp;

    @Test
    void shouldNotAllocateOnTheEngineThreadWhenItFirstWaitsForAnAsyncClient() throws Exception {
        assumeTrue(Futex.linux().isAvailable(), "futexes need Linux");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-Xbatch", "-cp", System.getProperty("java.class.path"),
                FirstWaitInFreshJvmTest.class.getName(), temp.toString()).redirectErrorStream(true).start();
        try {
            assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the scenario ended");
            String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(0, jvm.exitValue(), output);
            String[] lines = output.split("\n");
            assertTrue(lines.length == 3 && lines[0].startsWith("warm-up ") && lines[1].startsWith("allocated "),
                    output);
            assertTrue(lines[0].equals("warm-up converged"), "the accessor warm-up did not converge within its "
                    + "bound: " + output);
            assertEquals("allocated 0", lines[1], "bytes the engine thread allocated in its first wait: " + output);
        } finally {
            jvm.destroyForcibly();
        }
    }

    /**
     * The scenario: an async client that answers in time for 100 cycles, then a call made at once after
     * the trigger (as after a late cycle), which waits for the answer. Prints whether the accessor warm-up
     * converged, the engine thread's allocation during that call, then in each of the 100 cycles before it;
     * exits 1 when the call did not wait for the answer.
     */
    public static void main(String[] args) throws Exception {
        boolean converged = SharedSegment.warmUp(); // as RemoteProcess does, but here its outcome is seen
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 200_000; i++) {
            threads.getCurrentThreadAllocatedBytes(); // the measurement's own first compiled runs allocate too
        }
        SharedSegment segment = SharedSegment.create(Path.of(args[0]), "fresh",
                SegmentLayout.of(1, ControlServer.MAX_PORTS, 64));
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 200_000_000L);
        async.bind(List.of(), List.of());
        RemoteProcessTest.Responder responder = new RemoteProcessTest.Responder(segment, 3, 5);
        long[] answered = new long[100];
        long[] allocated = {-1};
        boolean[] timedOut = {true};
        Thread engine = new Thread(() -> {
            for (int i = 0; i < answered.length; i++) {
                long cycleStart = threads.getCurrentThreadAllocatedBytes();
                async.process(64);
                answered[i] = threads.getCurrentThreadAllocatedBytes() - cycleStart;
                int trigger = segment.getIntAcquire(segment.layout().triggerOffset(0));
                while (segment.getIntAcquire(segment.layout().doneOffset(0)) != trigger) {
                    Thread.onSpinWait(); // answered before the next call: never waited for
                }
            }
            responder.workNanos = 5_000_000;
            async.process(64);
            long before = threads.getCurrentThreadAllocatedBytes();
            async.process(64);
            allocated[0] = threads.getCurrentThreadAllocatedBytes() - before;
            timedOut[0] = async.timedOut();
        }, "engine");
        engine.start();
        engine.join();
        responder.stop();
        segment.close();
        System.out.println("warm-up " + (converged ? "converged" : "did not converge"));
        System.out.println("allocated " + allocated[0]);
        System.out.println("in the cycles before it " + Arrays.toString(answered));
        System.exit(timedOut[0] ? 1 : 0);
    }
}
