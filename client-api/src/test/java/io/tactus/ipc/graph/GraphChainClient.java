package io.tactus.ipc.graph;

import io.tactus.rt.Futex;
import java.nio.FloatBuffer;
import java.nio.file.Path;

/**
 * One "client" process of {@link GraphChainCrossProcessTest}: opens the graph segment, and for each
 * cycle it is triggered in sleeps on its signal word, writes its output port = its input port + 1
 * (silence + 1 when the input is not valid for the cycle), finishes and so wakes its successor. At the
 * end it prints {@code runs=R waits=W woken=K} (futex waits made, and how many returned WOKEN). Exit
 * codes: 0 all cycles run, 2 no trigger within the deadline, 3 bad usage.
 */
public final class GraphChainClient {

    private static final long WAIT_SLICE_NANOS = 100_000_000L;
    private static final long CYCLE_DEADLINE_NANOS = 30_000_000_000L;

    private GraphChainClient() {
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: GraphChainClient SEGMENT_FILE RECORD INPUT_PORT OUTPUT_PORT CYCLES");
            System.exit(3);
        }
        Futex futex = Futex.linux();
        int record = Integer.parseInt(args[1]);
        int input = Integer.parseInt(args[2]);
        int[] outputs = {Integer.parseInt(args[3])};
        int cycles = Integer.parseInt(args[4]);
        try (GraphSegment segment = GraphSegment.open(Path.of(args[0]))) {
            GraphActivation graph = new GraphActivation(segment, futex);
            ActivationRecord me = graph.record(record);
            FloatBuffer in = segment.buffer(input);
            FloatBuffer out = segment.buffer(outputs[0]);
            int nframes = segment.layout().nframes();
            int runs = 0;
            int waits = 0;
            int woken = 0;
            long deadline = System.nanoTime() + CYCLE_DEADLINE_NANOS;
            while (runs < cycles) {
                int seen = me.signal(); // read before begin: a trigger after a failed begin moves it
                long tag = me.begin(System.nanoTime());
                if (tag < 0) {
                    waits++;
                    if (me.awaitSignal(seen, WAIT_SLICE_NANOS) == Futex.WOKEN) {
                        woken++;
                    }
                    if (System.nanoTime() > deadline) {
                        System.err.println("record " + record + ": no trigger after " + runs + " cycles: " + me);
                        System.exit(2);
                    }
                    continue;
                }
                long cycle = graph.cycle();
                boolean valid = graph.isValid(input, cycle);
                for (int f = 0; f < nframes; f++) {
                    out.put(f, (valid ? in.get(f) : 0f) + 1f);
                }
                graph.finish(record, cycle, System.nanoTime(), outputs);
                runs++;
                deadline = System.nanoTime() + CYCLE_DEADLINE_NANOS;
            }
            System.out.println("runs=" + runs + " waits=" + waits + " woken=" + woken);
        }
        System.exit(0);
    }
}
