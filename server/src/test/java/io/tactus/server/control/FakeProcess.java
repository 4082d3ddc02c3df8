package io.tactus.server.control;

import io.tactus.ipc.graph.ActivationRecord;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingSettings;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client side of each cycle, played by hand on the graph segment as the contract says: wait on its
 * record's signal, begin, mix its input from its sources, write output = 2 x input, finish (publish, count
 * down, wake). {@link #answering} false begins a cycle and never finishes it: a client that hangs; set it
 * true and the client finishes that cycle late and runs on.
 */
final class FakeProcess implements AutoCloseable {

    private final GraphSegment segment;
    private final GraphActivation graph;
    private final ActivationRecord record;
    private final int inSlot;
    private final int outSlot;
    private final Thread thread;
    private volatile boolean running = true;
    volatile boolean answering;
    final AtomicLong triggersSeen = new AtomicLong();
    final AtomicLong cyclesDone = new AtomicLong();

    /** {@code inSlot} -1 for a client without input: it writes 0.5 then. */
    FakeProcess(String graphPath, int record, int inSlot, int outSlot, boolean answering) {
        this.segment = GraphSegment.open(Path.of(graphPath));
        this.graph = new GraphActivation(segment, Futex.linux());
        this.record = graph.record(record);
        this.inSlot = inSlot;
        this.outSlot = outSlot;
        this.answering = answering;
        this.thread = new Thread(this::run, "fake-process");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        if (ControlTestSupport.isRoot()) { // as a real client's process thread: FIFO below the engine
            RealtimeScheduler.system().applyToCurrentThread(SchedulingSettings.fifo(65));
        }
        FloatBuffer[] views = new FloatBuffer[segment.layout().ports()];
        for (int p = 0; p < views.length; p++) {
            views[p] = segment.buffer(p);
        }
        while (running) {
            int seen = record.signal();
            long low = record.begin(System.nanoTime());
            if (low < 0) {
                record.idle(System.nanoTime());
                record.awaitSignal(seen, 20_000_000L);
                continue;
            }
            triggersSeen.incrementAndGet();
            long header = graph.cycle();
            long cycle = header - (int) ((int) header - (int) low);
            while (!answering && running) {
                record.awaitSignal(record.signal(), 20_000_000L); // hangs in its cycle
            }
            int nframes = segment.layout().nframes();
            FloatBuffer out = views[outSlot];
            if (inSlot >= 0) {
                graph.mixInput(inSlot, cycle, views, views[inSlot], nframes);
            }
            for (int i = 0; i < nframes; i++) {
                out.put(i, inSlot < 0 ? 0.5f : 2 * views[inSlot].get(i));
            }
            graph.finish(record.index(), cycle, System.nanoTime(), new int[] {outSlot});
            cyclesDone.incrementAndGet();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        record.wakeWaiter();
        thread.join(1_000);
        segment.close();
    }
}
