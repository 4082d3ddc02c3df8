package io.tactus.ipc.client;

import io.tactus.api.MidiBuffer;
import io.tactus.ipc.graph.ActivationPlan;
import io.tactus.ipc.graph.ActivationRecord;
import io.tactus.ipc.graph.ClientState;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The process thread's loop, driven without a server: the test plays the engine on a graph segment it
 * creates itself (port 0 the capture, the client record 1 with its input in slot 1 reading it and its output
 * in slot 2): publish the capture, start the cycle, sleep on the engine's record until the client wakes it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessThreadTest {

    private static final long SECOND = 1_000_000_000L;
    private static final int NFRAMES = 64;

    @TempDir
    Path directory;

    private final CountingFutex futex = new CountingFutex(Futex.linux());
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private GraphSegment segment;
    private GraphActivation graph;
    private ProcessThread process;
    private RemotePort in;
    private RemotePort out;
    private long cycle;
    /** What the test does as the engine before each cycle it starts (after the capture is published). */
    private Runnable beforeCycle = () -> { };

    @BeforeEach
    void setUp() throws InterruptedException {
        assumeTrue(futex.isAvailable(), "futexes are Linux only");
        // slots: 0 capture, 1 in, 2 out; 3 a MIDI source the test writes as the engine would, 4 MIDI in, 5 MIDI out
        segment = GraphSegment.create(directory, "tactus-test-graph", GraphLayout.of(2, 6, NFRAMES), 1_333_333);
        ActivationPlan.builder(2).client(1).reads(1, 0).reads(4, 3).build().writeTo(segment, 0);
        graph = new GraphActivation(segment, futex);
        process = new ProcessThread("loop", futex, RealtimeNative.linux(),
                new RealtimeScheduler(RealtimeNative.linux(), warning -> { }), failures::add);
        process.start();
        assertTrue(process.awaitTid(5_000) > 0);
        in = RemotePort.audio(this, "loop", "in_1", true, 1, segment.buffer(1));
        out = RemotePort.audio(this, "loop", "out_1", false, 2, segment.buffer(2));
        process.attach(segment, 1);
        process.setPorts(new RemotePort[] {in, out});
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (process != null) {
            process.stop();
            assertTrue(process.join(2_000), "stops within a wake-up");
        }
        if (segment != null) {
            segment.close();
        }
    }

    /** As the engine: capture (0.25) valid for the cycle, the cycle started, its own record awaited. */
    private void cycles(int count) {
        FloatBuffer capture = segment.buffer(0);
        ActivationRecord engine = graph.record(GraphLayout.ENGINE);
        for (int k = 0; k < count; k++) {
            cycle++;
            for (int f = 0; f < NFRAMES; f++) {
                capture.put(f, 0.25f);
            }
            graph.publish(0, cycle);
            beforeCycle.run();
            int seen = engine.signal();
            graph.startCycle(cycle, 0, System.nanoTime());
            long deadline = System.nanoTime() + 5 * SECOND;
            while (engine.signal() == seen) {
                assertTrue(System.nanoTime() < deadline, "cycle " + cycle + " not finished: " + graph.record(1));
                engine.awaitSignal(seen, 1_000_000L);
            }
        }
    }

    @Test
    void shouldAllocateNothingInTheLoopAfterWarmUp() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        // Past C2's back-edge threshold for the loop (40000): requesting that compilation makes HotSpot intern
        // the class's unresolved string constants on the requesting thread, a one-off that is the JIT's, not
        // the loop's.
        int warmUp = 100_000;
        int measured = 30_000;
        // The process thread reads its own counter once per cycle, as the engine does.
        long[] allocatedAt = new long[warmUp + measured];
        int[] cycle = {0};
        float[] gain = {0.5f};
        process.setCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            FloatBuffer dst = out.getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                dst.put(i, src.get(i) * gain[0]);
            }
            allocatedAt[cycle[0]++] = threads.getCurrentThreadAllocatedBytes();
        });
        process.begin(0);

        cycles(warmUp); // first futex calls, JIT compilations
        cycles(measured);

        // Three windows: a late JIT transition can land in one; a loop that allocated per cycle shows in all.
        long[] allocated = new long[3];
        int window = measured / allocated.length;
        for (int w = 0; w < allocated.length; w++) {
            int start = warmUp + w * window;
            allocated[w] = allocatedAt[start + window - 1] - allocatedAt[start - 1];
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes the loop allocated after "
                + "warm-up, per window of " + window + " cycles: " + java.util.Arrays.toString(allocated)
                + ", first in cycle " + firstGrowth(allocatedAt, warmUp));
        assertEquals(warmUp + measured, process.cycles());
        assertTrue(failures.isEmpty());
    }

    private static int firstGrowth(long[] allocatedAt, int from) {
        for (int k = from + 1; k < allocatedAt.length; k++) {
            if (allocatedAt[k] != allocatedAt[k - 1]) {
                return k;
            }
        }
        return -1;
    }

    /** The MIDI source of slot 3: a note-on at frames 0, 10 and NFRAMES - 1, the note the cycle number mod 100. */
    private void writeMidiSource() {
        MidiBuffer source = segment.midiBuffer(3);
        source.clear();
        for (int frame : new int[] {0, 10, NFRAMES - 1}) {
            source.write(frame, 0x90, (int) (cycle % 100), 100);
        }
        graph.publish(3, cycle);
    }

    /** A callback that writes each input event again, its note an octave up, as the transposer does. */
    private io.tactus.api.ProcessCallback transposer(RemotePort midiIn, RemotePort midiOut) {
        io.tactus.api.MidiEvent event = new io.tactus.api.MidiEvent(3);
        return nframes -> {
            MidiBuffer from = midiIn.getMidiBuffer();
            MidiBuffer to = midiOut.getMidiBuffer();
            for (int e = 0; e < from.eventCount(); e++) {
                from.read(e, event);
                to.write(event.frame(), event.get(0), event.get(1) + 12, event.get(2));
            }
        };
    }

    @Test
    void shouldMergeItsMidiInputFromTheValidSourceAndPublishItsMidiOutputWithoutAllocating() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        RemotePort midiIn = RemotePort.midi(this, "loop", "midi_in", true, 4, segment.midiBuffer(4));
        RemotePort midiOut = RemotePort.midi(this, "loop", "midi_out", false, 5, segment.midiBuffer(5));
        process.setPorts(new RemotePort[] {in, out, midiIn, midiOut});
        int warmUp = 100_000;
        int measured = 30_000;
        long[] allocatedAt = new long[warmUp + measured];
        int[] calls = {0};
        io.tactus.api.ProcessCallback transpose = transposer(midiIn, midiOut);
        process.setCallback(nframes -> {
            transpose.process(nframes);
            allocatedAt[calls[0]++] = threads.getCurrentThreadAllocatedBytes();
        });
        beforeCycle = this::writeMidiSource;
        process.begin(0);
        cycles(warmUp + measured);

        MidiBuffer published = segment.midiBuffer(5);
        assertTrue(graph.isValid(5, cycle), "the MIDI output is published for the cycle");
        assertEquals(3, published.eventCount());
        assertEquals(NFRAMES - 1, published.frame(2), "at the frame it was written");
        assertEquals((int) (cycle % 100) + 12, published.get(2, 1), "an octave up");
        long[] allocated = new long[3];
        int window = measured / allocated.length;
        for (int w = 0; w < allocated.length; w++) {
            int start = warmUp + w * window;
            allocated[w] = allocatedAt[start + window - 1] - allocatedAt[start - 1];
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated with MIDI traffic, per "
                + "window of " + window + " cycles: " + java.util.Arrays.toString(allocated));
        assertTrue(failures.isEmpty());
    }

    @Test
    void shouldReadNoEventOfAMidiSourceThatIsNotValidOrThatAnotherProcessWroteBadly() throws Exception {
        RemotePort midiIn = RemotePort.midi(this, "loop", "midi_in", true, 4, segment.midiBuffer(4));
        RemotePort midiOut = RemotePort.midi(this, "loop", "midi_out", false, 5, segment.midiBuffer(5));
        process.setPorts(new RemotePort[] {in, out, midiIn, midiOut});
        process.setCallback(transposer(midiIn, midiOut));
        process.begin(0);
        beforeCycle = this::writeMidiSource;
        cycles(10);
        assertEquals(3, segment.midiBuffer(5).eventCount(), "the control: a valid source's events arrive");

        beforeCycle = () -> segment.midiBuffer(3).clear(); // written, not published: not valid for the cycle
        cycles(1);
        assertEquals(0, segment.midiBuffer(5).eventCount(), "a source not valid for the cycle sends nothing");

        beforeCycle = () -> {
            writeMidiSource();
            segment.setIntRelease(segment.layout().bufferOffset(3) + 16 + 12 + 8, 1 << 30); // event 1's data offset
        };
        cycles(5);
        assertEquals(1, segment.midiBuffer(5).eventCount(), "only the whole events before the broken one");
        beforeCycle = () -> {
            writeMidiSource();
            segment.setIntRelease(segment.layout().bufferOffset(3), 1_000_000); // a count past the block
        };
        cycles(5);
        assertEquals(0, segment.midiBuffer(5).eventCount());
        assertTrue(failures.isEmpty(), "the callback never saw a broken event: " + failures);
        assertEquals(21, process.cycles(), "and every cycle was acknowledged");
    }

    @Test
    void shouldMixItsInputFromTheValidSourceAndWakeTheEngineOncePerCycle() throws Exception {
        process.setCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            FloatBuffer dst = out.getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                dst.put(i, 2 * src.get(i));
            }
        });
        process.begin(0);
        long engineSignal = segment.wordAddress(segment.layout().signalOffset(GraphLayout.ENGINE));
        futex.wakes(engineSignal); // count from here
        cycles(200);
        assertEquals(200, futex.wakes(engineSignal), "one wake-up of the engine per cycle");
        assertEquals(0.5f, segment.buffer(2).get(NFRAMES - 1), "capture 0.25 doubled");
        assertTrue(graph.isValid(2, cycle), "the output is published for the cycle");

        cycle++; // a cycle whose capture is not published: the input reads as silence
        int seen = graph.record(GraphLayout.ENGINE).signal();
        graph.startCycle(cycle, 0, System.nanoTime());
        long deadline = System.nanoTime() + 5 * SECOND;
        while (graph.record(GraphLayout.ENGINE).signal() == seen) {
            assertTrue(System.nanoTime() < deadline, "cycle not finished");
            graph.record(GraphLayout.ENGINE).awaitSignal(seen, 1_000_000L);
        }
        assertEquals(0f, segment.buffer(2).get(0), "an input whose source is not valid for the cycle is silence");
    }

    @Test
    void shouldRehearseUnheardBeforeItJoinsTheCycles() throws Exception {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        List<Float> heard = new CopyOnWriteArrayList<>();
        segment.buffer(0).put(0, 0.25f); // capture written but not valid in any cycle yet
        process.setCallback(nframes -> {
            heard.add(in.getFloatBuffer().get(0));
            out.getFloatBuffer().put(0, 1f);
            calls.incrementAndGet();
        });
        long engineSignal = segment.wordAddress(segment.layout().signalOffset(GraphLayout.ENGINE));
        futex.wakes(engineSignal); // count from here

        process.begin(0, 300);

        assertTrue(process.rehearsed());
        assertEquals(300, calls.get(), "every rehearsal cycle ran the callback, before begin returned");
        assertTrue(heard.stream().allMatch(sample -> sample == 0f), "inputs read as silence: " + heard.get(0));
        assertEquals(0f, segment.buffer(2).get(0), "the outputs are silenced after it");
        assertEquals(0, futex.wakes(engineSignal), "nobody was woken");
        assertEquals(0, process.cycles(), "no cycle counted");
        assertEquals(ClientState.NOT_TRIGGERED, graph.record(1).state(), "its record untouched");

        cycles(2);
        assertEquals(302, calls.get(), "then the cycles as usual");
        assertTrue(graph.isValid(2, cycle));
    }

    @Test
    void shouldRewindPortsToNframesAndFinishEveryCycle() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        process.setCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            seen.add(src.position() + "/" + src.limit() + " " + src.isReadOnly() + " " + out.getFloatBuffer().isReadOnly());
            src.get(); // moves the position; the next cycle rewinds it
        });
        process.begin(0);

        cycles(3);

        assertEquals(List.of("0/64 true false", "0/64 true false", "0/64 true false"), seen);
        assertEquals(ClientState.FINISHED, graph.record(1).state());
        assertEquals(3, graph.record(1).signal(), "triggered once per cycle");
    }

    @Test
    void shouldStopCallingAThrowingCallbackButKeepFinishingWithSilence() throws Exception {
        int[] calls = {0};
        RuntimeException boom = new RuntimeException("boom");
        process.setCallback(nframes -> {
            out.getFloatBuffer().put(0, 1f);
            if (++calls[0] == 2) {
                throw boom;
            }
        });
        process.begin(0);

        cycles(1);
        assertEquals(1f, segment.buffer(2).get(0));
        cycles(3);

        assertEquals(2, calls[0]);
        assertEquals(0f, segment.buffer(2).get(0), "outputs read as silence");
        assertEquals(List.of(boom), failures, "told once");
        assertEquals(boom, process.failure());
        assertEquals(4, process.cycles());
    }

    @Test
    void shouldEndWithoutEverLoopingWhenStoppedBeforeActivation() throws Exception {
        process.stop();
        assertTrue(process.join(2_000));
        assertFalse(process.isAlive());
        process = null;
    }

    /** The real futex, counting the wake-ups made on one address; allocation-free, as the loop it serves. */
    private static final class CountingFutex implements Futex {
        private final Futex delegate;
        private volatile long watched;
        private final java.util.concurrent.atomic.AtomicLong wakes = new java.util.concurrent.atomic.AtomicLong();

        CountingFutex(Futex delegate) {
            this.delegate = delegate;
        }

        /** Counts wake-ups on {@code address} from now on; returns the count so far (0 for a new address). */
        long wakes(long address) {
            if (watched != address) {
                watched = address;
                wakes.set(0);
            }
            return wakes.get();
        }

        @Override
        public boolean isAvailable() {
            return delegate.isAvailable();
        }

        @Override
        public int wait(long address, int expected, long timeoutNanos) {
            return delegate.wait(address, expected, timeoutNanos);
        }

        @Override
        public int wake(long address, int count) {
            if (address == watched) {
                wakes.incrementAndGet();
            }
            return delegate.wake(address, count);
        }
    }

    /**
     * A client still in cycle N when the engine stamps N + 1 (the callback plays the engine doing so) reads N's
     * clock and transport on its process thread, while any other thread reads the newest; its sync callback's
     * answer and, as the master the engine names, its BBT for the next cycle's frame land in its record.
     */
    @Test
    void shouldReadItsOwnCyclesStampsAndAnswerSyncAndTimebaseIntoItsRecord() throws Exception {
        io.tactus.ipc.graph.SegmentClock stamps = new io.tactus.ipc.graph.SegmentClock(segment);
        io.tactus.ipc.graph.SegmentTransport published = new io.tactus.ipc.graph.SegmentTransport(segment);
        io.tactus.ipc.graph.SegmentClock clock = new io.tactus.ipc.graph.SegmentClock(segment, process::readerCycle);
        io.tactus.ipc.graph.SegmentTransport transport = new io.tactus.ipc.graph.SegmentTransport(segment,
                process::readerCycle);
        io.tactus.api.TransportPosition seen = new io.tactus.api.TransportPosition();
        long[] read = new long[4];
        beforeCycle = () -> {
            stamps.stamp(cycle, cycle * NFRAMES, cycle * 1_000, cycle * 1_000 + 1_000, NFRAMES);
            published.publish(cycle, io.tactus.api.TransportState.STARTING,
                    new io.tactus.api.TransportPosition().setFrame(4_800, 48_000, 0), 1);
        };
        process.setCallback(nframes -> {
            // the engine moves on while this client is busy
            stamps.stamp(cycle + 1, (cycle + 1) * NFRAMES, 0, 1, NFRAMES);
            published.publish(cycle + 1, io.tactus.api.TransportState.ROLLING,
                    new io.tactus.api.TransportPosition().setFrame(9_600, 48_000, 0), 0);
            read[0] = clock.lastFrameTime();
            read[1] = transport.read(seen).ordinal();
            read[2] = seen.frame();
            read[3] = transport.timebaseMaster();
        });
        TransportDuties duties = process.transportDuties();
        duties.setSync((state, position) -> position.frame() == 4_800);
        duties.setTimebase((state, nframes, position, fresh) -> position.setBbt(fresh ? 7 : 8, 1, 0));
        process.begin(0);
        cycles(3);

        assertEquals(cycle * NFRAMES, read[0], "its own cycle's frame time, not the next one's");
        assertEquals(io.tactus.api.TransportState.STARTING.ordinal(), read[1]);
        assertEquals(4_800, read[2]);
        assertEquals(1, read[3], "this client is the master in its cycle");
        assertEquals((cycle + 1) * NFRAMES, clock.lastFrameTime(), "the newest on another thread");
        io.tactus.ipc.graph.RecordTransport answers = new io.tactus.ipc.graph.RecordTransport(segment, 1);
        assertTrue(answers.saidReady(cycle, 4_800), "ready, for its cycle and the frame it was asked about");
        io.tactus.api.TransportPosition next = new io.tactus.api.TransportPosition().setFrame(4_800, 48_000, 0);
        assertTrue(answers.readBbt(next), "BBT for the next cycle's frame: not rolling, the same frame");
        assertEquals(7, next.bar(), "computed fresh once, then left: the frame did not move");
    }
}
