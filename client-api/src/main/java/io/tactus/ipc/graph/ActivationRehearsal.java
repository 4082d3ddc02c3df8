package io.tactus.ipc.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.TactusException;
import io.tactus.midi.MidiMerge;
import io.tactus.rt.Futex;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A process client's side of the cycle (docs/ipc-contract.md, "The cycle") played on a scratch segment, once per
 * JVM, before its process thread turns realtime: every outcome that a running graph meets only when something went
 * wrong (a source not valid because its writer was stepped in for, no source valid, a finish that lost to the
 * server's time-out, a wake-up with nothing to run) as often as the usual one.
 *
 * <p>Why: C2 compiles a branch that its profile never saw taken as an uncommon trap. In a graph that has run
 * cleanly, the first client the server steps in for makes every client it feeds take such a branch in its mix; each
 * of their process threads then deoptimises its compiled cycle and runs it interpreted until the JIT compiles it
 * again, late in many periods meanwhile, which makes the clients they feed late in turn. The JIT logs of twenty chained
 * Java clients under load showed it in their worst burst (docs/measurements/2026-12-07.md; paired windows have not
 * shown fewer xruns with the rehearsal, the host's bursts deciding them). A profile is per method, not
 * per caller or instance, so rehearsing on a scratch segment trains the code that the real one runs. The engine
 * trains its own rare paths the same way ({@code CycleTiming#trainRarePaths} in the server).
 *
 * <p>Trade-off: a few hundred milliseconds of a normal thread (about 0.4 s on an idle 2-core VM) when a JVM's first
 * process client activates, and once when a server opens its control socket.
 */
public final class ActivationRehearsal {

    /** Rounds of the cycle; each outcome comes up in a quarter of them, or half. */
    static final int ROUNDS = 20_000;
    /** However slow the machine, a client's activation is not held longer than this. */
    private static final long LIMIT_NANOS = 3_000_000_000L;

    private static final int ENGINE = 0;
    private static final int WRITER = 1;
    private static final int READER = 2;
    private static final int AUDIO_OUT = 0;
    private static final int MIDI_OUT = 1;
    private static final int AUDIO_IN = 2;
    private static final int MIDI_IN = 3;
    private static final int LOOP_AUDIO = 4;
    private static final int LOOP_MIDI = 5;
    private static final int FRAMES = 64;
    /** The scratch graph: the engine, a writer and a reader; the ports above. */
    static final GraphLayout LAYOUT = GraphLayout.of(3, 6, FRAMES);

    private static final AtomicBoolean DONE = new AtomicBoolean();
    private static volatile Outcome outcome = Outcome.NONE;

    private ActivationRehearsal() {
    }

    /** How often each outcome came up in a JVM's rehearsal: the tests hold them to what the rounds say. */
    public record Outcome(int rounds, int finishesWon, int finishesLost, int mixesWithEverySourceValid,
                          int mixesWithOneSourceValid, int mixesWithNoSourceValid, int wakeUpsWithNothingToRun) {
        static final Outcome NONE = new Outcome(0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Rehearses unless this JVM has (or another thread is doing so: then it returns at once, with what is known so
     * far). Call it on a normal thread; {@code futex} is the one the process thread will use. A scratch segment
     * that cannot be made is not fatal: one warning, and the realtime thread meets the rare outcomes cold.
     */
    public static Outcome ensure(Futex futex) {
        if (!DONE.compareAndSet(false, true)) {
            return outcome;
        }
        try (GraphSegment scratch = GraphSegment.scratch("rehearsal", LAYOUT)) {
            outcome = rehearse(new GraphActivation(scratch, futex));
        } catch (TactusException e) {
            System.err.println("tactus: warning: the process cycle was not rehearsed (" + e.getMessage()
                    + "); the first late client may make this one late for a while");
        }
        return outcome;
    }

    /**
     * A writer feeding a reader, whose audio and MIDI inputs each mix the writer's output of this cycle and,
     * through a feedback entry, the reader's own output of the cycle before (a loop-back). Round r: the writer
     * finishes in time when r is even, the reader when r % 4 < 2; otherwise the server steps in first and the
     * finish loses; in one round of eight the writer is given up on before it is triggered. So the reader's two
     * entries are valid one, the other, both or neither, in turn.
     */
    static Outcome rehearse(GraphActivation activation) {
        GraphSegment segment = activation.segment();
        // The writer feeds the engine too: its count-down of the engine is one that does not reach zero.
        ActivationPlan.builder(3).client(WRITER).client(READER).feeds(WRITER, READER).feeds(WRITER, ENGINE)
                .reads(AUDIO_IN, AUDIO_OUT, GraphActivation.delayed(LOOP_AUDIO))
                .reads(MIDI_IN, MIDI_OUT, GraphActivation.delayed(LOOP_MIDI))
                .build().writeTo(segment, 0);
        FloatBuffer[] audio = new FloatBuffer[segment.layout().ports()];
        MidiBuffer[] midi = new MidiBuffer[audio.length];
        for (int p = 0; p < audio.length; p++) {
            audio[p] = segment.buffer(p);
            midi[p] = segment.midiBuffer(p);
        }
        MidiMerge merge = MidiMerge.ofShared(midi[MIDI_IN], GraphLayout.MAX_SOURCES);
        int[] writerOutputs = {AUDIO_OUT, MIDI_OUT};
        int[] readerOutputs = {LOOP_AUDIO, LOOP_MIDI};
        int[] finishes = new int[2]; // {won, lost}
        int[] mixes = new int[3]; // by the number of entries valid: 0, 1, 2
        int idle = 0;
        long end = System.nanoTime() + LIMIT_NANOS;
        int round = 0;
        for (; round < ROUNDS && System.nanoTime() - end < 0; round++) {
            long cycle = round + 1;
            long now = System.nanoTime();
            activation.resetCycle(cycle, 0);
            if ((round & 7) == 7) { // given up on at the cycle's start: its trigger then loses, and so do its own calls
                activation.stepIn(WRITER, cycle, now);
            }
            activation.triggerFirstWave(cycle, 0, now);
            play(activation, WRITER, cycle, (round & 1) == 0, audio[AUDIO_OUT], midi[MIDI_OUT], round, writerOutputs,
                    finishes);
            activation.record(READER).begin(now);
            activation.record(READER).decrement(cycle - 1); // a count-down for a cycle gone by: refused
            mixes[(activation.isValidSource(AUDIO_OUT, cycle) ? 1 : 0)
                    + (activation.isValidSource(GraphActivation.delayed(LOOP_AUDIO), cycle) ? 1 : 0)]++;
            activation.mixInput(AUDIO_IN, cycle, audio, audio[AUDIO_IN], FRAMES);
            activation.mergeMidiInput(MIDI_IN, cycle, midi, merge);
            // Its finish counts the engine down, which wakes the engine's futex word.
            play(activation, READER, cycle, (round & 2) == 0, audio[LOOP_AUDIO], midi[LOOP_MIDI], -round, readerOutputs,
                    finishes);
            if (activation.record(READER).begin(now) < 0) { // woken again with nothing to run
                activation.record(READER).idle(now);
                idle++;
            }
        }
        return new Outcome(round, finishes[0], finishes[1], mixes[2], mixes[1], mixes[0], idle);
    }

    /** A client's part once running: writes its outputs, then finishes in time, or after the server stepped in. */
    private static void play(GraphActivation activation, int record, long cycle, boolean inTime, FloatBuffer audio,
                             MidiBuffer midi, int sample, int[] outputs, int[] finishes) {
        long now = System.nanoTime();
        if (record == WRITER) {
            activation.record(record).begin(now); // refused when it was given up on before its trigger
        }
        audio.put(0, sample);
        midi.clear();
        midi.write(0, 0x90, sample & 0x7f, 64);
        if (!inTime) {
            activation.stepIn(record, cycle, now); // its successors are counted down in its place
        }
        finishes[activation.finish(record, cycle, now, outputs) ? 0 : 1]++;
    }
}
