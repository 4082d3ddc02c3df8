package io.tactus.clients.midi;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * A synthesizer client: the JDK's software synthesizer on a MIDI input ({@code midi_in}), its sound on a stereo
 * output ({@code out_1}, {@code out_2}). The JDK's synthesizer takes a lock and allocates as it renders, so it
 * cannot run in a process callback; it renders on a thread of its own, a fixed number of periods
 * ({@code ahead}) behind the graph's frame time, and the trade-off is latency: the events that arrive in the
 * cycle beginning at frame {@code t} are handed to the synthesizer, each at its own frame, once that cycle is done;
 * the block it renders for frame {@code t} is played in the cycle of frame {@code t + ahead periods}; and the
 * synthesizer starts a note {@link JdkSynth#ONSET_BLOCKS} blocks after the frame it was given. So every note sounds
 * exactly {@link #latencyFrames} = {@code (ahead + 2) x period} frames after the frame it arrived at.
 *
 * <p>The process callback only copies: each event into a preallocated ring the rendering thread drains, and the
 * block rendered for {@code t - ahead periods}, if it is ready, from a second ring to the outputs; a block that is
 * not ready is silence, counted in {@link #lateBlocks} and never waited for. The rendering thread polls twice a
 * period: it renders every block whose cycle is done, and skips blocks the graph has already passed, so the
 * latency stays the same after it was late. Allocation-free on the realtime side.
 */
public final class SynthClient implements ProcessCallback, AutoCloseable {

    /** The longest event kept (a SysEx of a few dozen bytes fits); a longer one is counted lost. */
    public static final int MAX_EVENT_BYTES = 256;
    /** Events that may wait for the rendering thread. */
    static final int EVENT_RING_SIZE = 1024;
    public static final int MIN_AHEAD = 2;
    public static final int MAX_AHEAD = 64;
    /** The default renders this far ahead, rounded up to whole periods, and never fewer than {@link #MIN_AHEAD}. */
    static final int DEFAULT_AHEAD_MICROS = 10_000;

    private static final long NONE = Long.MIN_VALUE;
    private static final long MIN_POLL_NANOS = 200_000;

    private final FrameClock clock;
    private final Port input;
    private final Port left;
    private final Port right;
    private final JdkSynth synth;
    private final int period;
    private final int ahead;
    private final long aheadFrames;
    private final RingBuffer<Event> events;
    private final Sequence eventsTaken = new Sequence();
    private final RingBuffer<Block> blocks;
    private final Sequence blocksTaken = new Sequence();
    private final Thread renderer;
    private volatile boolean running = true;

    // Realtime-thread state.
    private volatile long firstFrame = NONE;
    private volatile long cycleDone = NONE; // the first frame of the latest cycle whose events are all in the ring
    private volatile long lateBlocks;
    private volatile long lost;
    private volatile long wrongPeriod;

    // Rendering-thread state.
    private volatile long rendered;
    private volatile long skippedBlocks;
    private volatile long rejected;
    private volatile String failure;

    /** The periods a synthesizer renders ahead by default at {@code sampleRate} and {@code period}. */
    public static int defaultAhead(int sampleRate, int period) {
        long frames = (long) DEFAULT_AHEAD_MICROS * sampleRate / 1_000_000;
        return (int) Math.max(MIN_AHEAD, Math.min(MAX_AHEAD, (frames + period - 1) / period));
    }

    /**
     * Opens the synthesizer (with the instruments of {@code soundbank}, or the JDK's when null), registers the
     * ports, sets the process callback and starts the rendering thread, {@code ahead} periods behind the graph.
     */
    public SynthClient(TactusClient client, Path soundbank, int ahead) {
        if (ahead < MIN_AHEAD || ahead > MAX_AHEAD) {
            throw new TactusException("a synthesizer renders " + MIN_AHEAD + " to " + MAX_AHEAD
                    + " periods ahead, not " + ahead);
        }
        this.clock = client.clock();
        this.period = client.bufferSize();
        this.ahead = ahead;
        this.aheadFrames = (long) ahead * period;
        this.synth = JdkSynth.open(client.sampleRate(), period, soundbank);
        this.events = RingBuffer.createSingleProducer(Event::new, EVENT_RING_SIZE);
        events.addGatingSequences(eventsTaken);
        this.blocks = RingBuffer.createSingleProducer(() -> new Block(period), Integer.highestOneBit(ahead + 2) * 2);
        blocks.addGatingSequences(blocksTaken);
        try {
            this.input = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            this.left = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
            this.right = client.registerPort("out_2", PortType.AUDIO, PortFlag.OUTPUT);
        } catch (RuntimeException e) {
            synth.close();
            throw e;
        }
        client.setProcessCallback(this);
        long pollNanos = Math.max(MIN_POLL_NANOS, 1_000_000_000L * period / client.sampleRate() / 2);
        this.renderer = new Thread(() -> render(pollNanos), "tactus-synth-render");
        renderer.setDaemon(true);
        renderer.start();
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        FloatBuffer l = left.getFloatBuffer();
        FloatBuffer r = right.getFloatBuffer();
        if (nframes != period) { // the blocks are one period long: a new period size is not followed
            silence(l, r, nframes);
            wrongPeriod = wrongPeriod + 1;
            return;
        }
        long start = clock.lastFrameTime();
        if (firstFrame == NONE) {
            firstFrame = start;
        }
        takeEvents(start);
        long wanted = start - aheadFrames;
        if (!play(wanted, l, r, nframes)) {
            silence(l, r, nframes);
            if (wanted >= firstFrame) {
                lateBlocks = lateBlocks + 1;
            }
        }
        cycleDone = start;
    }

    private void takeEvents(long start) {
        MidiBuffer in = input.getMidiBuffer();
        long refused = 0;
        for (int e = 0, count = in.eventCount(); e < count; e++) {
            int size = in.size(e);
            if (size > MAX_EVENT_BYTES || !events.hasAvailableCapacity(1)) {
                refused++;
                continue;
            }
            long sequence = events.next();
            Event event = events.get(sequence);
            event.frame = start + in.frame(e);
            event.size = size;
            for (int b = 0; b < size; b++) {
                event.bytes[b] = (byte) in.get(e, b);
            }
            events.publish(sequence);
        }
        if (refused != 0) {
            lost = lost + refused;
        }
    }

    /** Copies the block of frame {@code wanted} to the outputs if it is ready, dropping older ones. */
    private boolean play(long wanted, FloatBuffer l, FloatBuffer r, int nframes) {
        long taken = blocksTaken.get();
        long cursor = blocks.getCursor();
        boolean played = false;
        while (taken < cursor) {
            Block block = blocks.get(taken + 1);
            if (block.frame > wanted) {
                break;
            }
            taken++;
            if (block.frame == wanted) {
                l.put(0, block.left, 0, nframes);
                r.put(0, block.right, 0, nframes);
                played = true;
                break;
            }
        }
        blocksTaken.set(taken);
        return played;
    }

    private static void silence(FloatBuffer l, FloatBuffer r, int nframes) {
        for (int i = 0; i < nframes; i++) {
            l.put(i, 0f);
            r.put(i, 0f);
        }
    }

    /** The rendering thread: renders each block whose cycle is done, events first, and polls. */
    private void render(long pollNanos) {
        long next = NONE;
        byte[] message = new byte[MAX_EVENT_BYTES];
        try {
            while (running) {
                long done = cycleDone;
                if (done != NONE) {
                    if (next == NONE) {
                        next = firstFrame; // written before the first cycleDone
                    }
                    long playedNext = done + period - aheadFrames; // the block the graph's next cycle plays
                    if (next < playedNext) {
                        skippedBlocks = skippedBlocks + (playedNext - next) / period;
                        next = playedNext;
                    }
                    while (next <= done && blocks.hasAvailableCapacity(1)) {
                        sendEventsOf(next, message);
                        long sequence = blocks.next();
                        Block block = blocks.get(sequence);
                        synth.render(block.left, block.right);
                        block.frame = next;
                        blocks.publish(sequence);
                        rendered = rendered + 1;
                        next += period;
                    }
                }
                LockSupport.parkNanos(pollNanos);
            }
        } catch (IOException | RuntimeException e) {
            failure = "the synthesizer stopped rendering: " + e.getMessage();
        }
    }

    /** Hands the synthesizer every event before the end of the block of frame {@code block}, each at its frame. */
    private void sendEventsOf(long block, byte[] message) {
        long taken = eventsTaken.get();
        long cursor = events.getCursor();
        long refused = 0;
        while (taken < cursor) {
            Event event = events.get(taken + 1);
            if (event.frame >= block + period) {
                break;
            }
            System.arraycopy(event.bytes, 0, message, 0, event.size);
            int offset = (int) Math.max(0, event.frame - block); // before the block: skipped blocks held it
            refused += synth.send(message, event.size, offset) ? 0 : 1;
            taken++;
        }
        eventsTaken.set(taken);
        if (refused != 0) {
            rejected = rejected + refused;
        }
    }

    /** Frames from the frame a note-on arrives at to its first sound: {@code (ahead + 2) x period}. */
    public long latencyFrames() {
        return (ahead + JdkSynth.ONSET_BLOCKS) * (long) period;
    }

    public int ahead() {
        return ahead;
    }

    /** Blocks rendered so far. */
    public long renderedBlocks() {
        return rendered;
    }

    /** Cycles that played silence because the rendering thread had not rendered their block in time. */
    public long lateBlocks() {
        return lateBlocks;
    }

    /** Blocks the rendering thread skipped, having fallen behind the graph. */
    public long skippedBlocks() {
        return skippedBlocks;
    }

    /** Events that found the ring full or were longer than {@value #MAX_EVENT_BYTES} bytes. */
    public long lost() {
        return lost;
    }

    /** Events the synthesizer refused as no MIDI message. */
    public long rejected() {
        return rejected;
    }

    /** Cycles of another period size than the one the client started with: played as silence. */
    public long wrongPeriodCycles() {
        return wrongPeriod;
    }

    /** Why the rendering thread stopped, or null while it runs. */
    public String failure() {
        return failure;
    }

    /** Stops the rendering thread and closes the synthesizer; the client itself is the caller's to close. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(renderer);
        try {
            renderer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synth.close();
    }

    /** One event on its way to the rendering thread, at its frame time. */
    private static final class Event {
        long frame;
        int size;
        final byte[] bytes = new byte[MAX_EVENT_BYTES];
    }

    /** One period of sound, for the cycle that begins {@code ahead} periods after {@link #frame}. */
    private static final class Block {
        long frame = NONE;
        final float[] left;
        final float[] right;

        Block(int frames) {
            left = new float[frames];
            right = new float[frames];
        }
    }
}
