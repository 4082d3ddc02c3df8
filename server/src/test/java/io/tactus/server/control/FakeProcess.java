package io.tactus.server.control;

import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client side of each cycle, played by hand on the segment as the contract says: wait for the trigger,
 * run (output = 2 x input), set done and wake the server. {@link #answering} false takes triggers but
 * never sets done: a client that hangs.
 */
final class FakeProcess implements AutoCloseable {

    private final SharedSegment segment;
    private final Futex futex = Futex.linux();
    private final int inSlot;
    private final int outSlot;
    private final Thread thread;
    private volatile boolean running = true;
    volatile boolean answering;
    final AtomicLong triggersSeen = new AtomicLong();
    final AtomicLong cyclesDone = new AtomicLong();

    /** {@code inSlot} -1 for a client without input: it writes 0.5 then. */
    FakeProcess(String shmPath, int inSlot, int outSlot, boolean answering) {
        this.segment = SharedSegment.open(Path.of(shmPath));
        this.inSlot = inSlot;
        this.outSlot = outSlot;
        this.answering = answering;
        this.thread = new Thread(this::run, "fake-process");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        SegmentLayout layout = segment.layout();
        int trigger = layout.triggerOffset(0);
        int done = layout.doneOffset(0);
        FloatBuffer in = inSlot < 0 ? null : segment.port(inSlot);
        FloatBuffer out = segment.port(outSlot);
        int lastSeen = 0;
        int pending = 0;
        while (running) {
            int now = segment.getIntAcquire(trigger);
            if (now == lastSeen) {
                if (pending != 0 && answering) {
                    finish(done, pending, in, out, layout);
                    pending = 0;
                }
                futex.wait(segment.wordAddress(trigger), lastSeen, 20_000_000L);
                continue;
            }
            lastSeen = now;
            triggersSeen.incrementAndGet();
            if (answering) {
                finish(done, now, in, out, layout);
            } else {
                pending = now;
            }
        }
    }

    private void finish(int done, int seq, FloatBuffer in, FloatBuffer out, SegmentLayout layout) {
        int nframes = segment.getIntAcquire(layout.nframesOffset(0));
        for (int i = 0; i < nframes; i++) {
            out.put(i, in == null ? 0.5f : 2 * in.get(i));
        }
        segment.setIntRelease(done, seq);
        futex.wake(segment.wordAddress(done), 1);
        cyclesDone.incrementAndGet();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(1_000);
        segment.close();
    }
}
