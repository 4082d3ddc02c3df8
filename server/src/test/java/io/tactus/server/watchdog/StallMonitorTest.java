package io.tactus.server.watchdog;

import io.tactus.server.engine.Engine;
import io.tactus.server.engine.RunningCall;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Graph;
import io.tactus.server.graph.Step;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;
import io.tactus.server.graph.SharedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runaway judgement against a stand-in for the engine, with no engine thread to read /proc for (tid 0:
 * the wall time of the call is charged): an in-process client's call that has not returned after the
 * stall limit is taken over; an out-of-process client's call, the server's own handshake, never is.
 */
class StallMonitorTest {

    private static final long STALL = 10_000_000;
    private static final long STARTED = 1_000_000_000L;

    private final List<Engine.Stall> stalls = new ArrayList<>();
    private final List<Long> takeOvers = new ArrayList<>();

    @Test
    void shouldTakeOverAnInProcessCallThatHasNotReturnedAfterTheStallLimit() {
        StallMonitor monitor = monitorOf(step(false));
        assertFalse(monitor.poll(STARTED + 2_000_000), "the first look only starts tracking the call");
        assertFalse(monitor.poll(STARTED + STALL / 2), "within the limit");
        assertTrue(monitor.poll(STARTED + 2 * STALL));
        assertEquals(List.of(STARTED), takeOvers);
        assertEquals(1, stalls.size());
    }

    @Test
    void shouldLookEveryFourMillisecondsUnlessAWatchedCallIsCloserToTheLimit() {
        StallMonitor monitor = monitorOf(step(false));
        assertEquals(4_000_000, monitor.pause(), "nothing watched yet");
        monitor.poll(STARTED + 2_000_000);
        assertEquals(4_000_000, monitor.pause(), "watched, nothing charged yet: 10 ms away");
        monitor.poll(STARTED + 8_500_000);
        assertEquals(1_500_000, monitor.pause(), "8.5 ms charged: the next look at the limit");
        monitor.poll(STARTED + 9_800_000);
        assertEquals(1_000_000, monitor.pause(), "never less than a millisecond");
        assertTrue(takeOvers.isEmpty());
    }

    @Test
    void shouldLookEveryMillisecondWhenTheStallLimitIsTwo() {
        StallMonitor monitor = monitorOf(step(false), 2_000_000);
        assertEquals(1_000_000, monitor.pause(), "half the limit");
    }

    @Test
    void shouldNeverTakeOverAnOutOfProcessClientsCall() {
        StallMonitor monitor = monitorOf(step(true));
        assertFalse(monitor.poll(STARTED + 2_000_000));
        assertFalse(monitor.poll(STARTED + 30 * STALL), "a stall in the server's handshake is the host's");
        assertTrue(takeOvers.isEmpty() && stalls.isEmpty());
    }

    private StallMonitor monitorOf(Step running) {
        return monitorOf(running, STALL);
    }

    private StallMonitor monitorOf(Step running, long stallNanos) {
        RunningCall engine = new RunningCall() {
            @Override
            public long runningSince() {
                return STARTED;
            }

            @Override
            public Step runningStep() {
                return running;
            }

            @Override
            public Engine.Stall takeOver(long started) {
                takeOvers.add(started);
                return new Engine.Stall(0, running.client().name(), started, Thread.currentThread());
            }

            @Override
            public boolean isRunning() {
                return true;
            }
        };
        return new StallMonitor(engine, stallNanos, () -> 0, stalls::add);
    }

    @TempDir
    static Path directory;

    /** The only step of a plan: a client in the server's process, or one in its own (on a shared graph). */
    private static Step step(boolean remote) {
        Graph graph = new Graph(64, 0, 0);
        ClientNode client;
        if (remote) {
            graph.share(SharedGraph.over(GraphSegment.create(directory, "stall-" + System.nanoTime(),
                    SharedGraph.layout(64), 1_333_333), Futex.linux(), 0, 1, false));
            client = graph.addRemoteClient("remote", io.tactus.api.ClientPriority.NORMAL);
        } else {
            client = graph.addClient("local");
            client.setProcess(nframes -> { });
        }
        graph.setActive(client, true);
        ExecutionPlan plan = graph.plan(1);
        assertEquals(remote, plan.step(0).isRemote());
        return plan.step(0);
    }
}
