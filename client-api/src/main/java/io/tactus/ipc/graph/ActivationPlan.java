package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.GraphLayout.ENGINE;
import static io.tactus.ipc.graph.GraphLayout.MAX_SUCCESSORS;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who wakes whom in a cycle, for one graph of clients: for each active record its successors and its
 * feeders (the initial count of its activation word), and the first wave the engine triggers. A client
 * that feeds no other client feeds the engine, so the engine's count reaches zero only when every client
 * has finished or been given up on. Built off the realtime thread and immutable, then written into the
 * spare plan bank of the {@link GraphSegment} ({@link #writeTo}) and switched at a cycle start, as JACK2
 * prepares the next graph aside. Trade-off: at most {@link GraphLayout#MAX_SUCCESSORS} successors per
 * client, the price of a fixed-size bank a C client can read without allocation.
 */
public final class ActivationPlan {

    /** A bank's feeders word for a record that takes no part in the cycle. */
    public static final int INACTIVE = -1;

    private final int records;
    private final int[] feeders;
    private final int[][] successors;
    private final int[] firstWave;
    /** Input port index to the output ports mixed into it; inputs not here have no sources. */
    private final Map<Integer, int[]> sources;

    private ActivationPlan(int records, int[] feeders, int[][] successors, int[] firstWave, Map<Integer, int[]> sources) {
        this.records = records;
        this.feeders = feeders;
        this.successors = successors;
        this.firstWave = firstWave;
        this.sources = sources;
    }

    /** A plan over records 0 (the engine) to {@code records - 1}. */
    public static Builder builder(int records) {
        return new Builder(records);
    }

    public int records() {
        return records;
    }

    public boolean isActive(int record) {
        return feeders[record] != INACTIVE;
    }

    /** The initial count of {@code record}'s activation word, or {@link #INACTIVE}. */
    public int feeders(int record) {
        return feeders[record];
    }

    public int successorCount(int record) {
        return successors[record].length;
    }

    public int successor(int record, int index) {
        return successors[record][index];
    }

    /** The clients the engine triggers at cycle start: active, fed by no client. A copy. */
    public int[] firstWave() {
        return firstWave.clone();
    }

    /** The output ports input port {@code input} mixes, in the order given; empty when none. A copy. */
    public int[] sources(int input) {
        return sources.getOrDefault(input, new int[0]).clone();
    }

    /**
     * Writes every record's feeders and successors, and every port's sources (none for a port the plan does
     * not name), into plan bank {@code bank}. Not realtime: a bank not in use.
     */
    public void writeTo(GraphSegment segment, int bank) {
        GraphLayout layout = segment.layout();
        if (layout.records() != records) {
            throw new IllegalArgumentException("A plan of " + records + " records does not fit a segment of "
                    + layout.records() + ".");
        }
        for (Integer input : sources.keySet()) {
            if (input >= layout.ports()) {
                throw new IllegalArgumentException("Port " + input + " is outside the segment's 0.." + (layout.ports() - 1) + ".");
            }
        }
        for (int p = 0; p < layout.ports(); p++) {
            int[] from = sources.getOrDefault(p, new int[0]);
            for (int i = 0; i < from.length; i++) {
                segment.setIntRelease(layout.sourceOffset(p, bank, i), from[i]);
            }
            segment.setIntRelease(layout.sourceCountOffset(p, bank), from.length);
        }
        for (int r = 0; r < records; r++) {
            segment.setIntRelease(layout.successorCountOffset(r, bank), successors[r].length);
            for (int i = 0; i < successors[r].length; i++) {
                segment.setIntRelease(layout.successorOffset(r, bank, i), successors[r][i]);
            }
            segment.setIntRelease(layout.feedersOffset(r, bank), feeders[r]);
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("ActivationPlan[");
        for (int r = 0; r < records; r++) {
            if (isActive(r)) {
                text.append(r).append(" (").append(feeders[r]).append(") -> ")
                        .append(Arrays.toString(successors[r])).append(r + 1 < records ? "; " : "");
            }
        }
        return text.append(']').toString();
    }

    /** Collects clients and feeds-edges; {@link #build} checks the graph is acyclic. Not thread-safe. */
    public static final class Builder {

        private final int records;
        private final BitSet active = new BitSet();
        private final BitSet[] edges;
        private final Map<Integer, int[]> sources = new TreeMap<>();

        private Builder(int records) {
            if (records < 1) {
                throw new IllegalArgumentException("A plan needs at least the engine's record, not " + records + " records.");
            }
            this.records = records;
            this.edges = new BitSet[records];
            for (int r = 0; r < records; r++) {
                edges[r] = new BitSet(records);
            }
        }

        /** Takes {@code record} into the cycle, fed by nothing yet. */
        public Builder client(int record) {
            active.set(checkClient(record));
            return this;
        }

        /** {@code from} feeds {@code to} (a client, or {@link GraphLayout#ENGINE}: it feeds the driver). */
        public Builder feeds(int from, int to) {
            client(from);
            if (to != ENGINE) {
                client(to);
            }
            if (from == to) {
                throw new IllegalArgumentException("Client " + from + " cannot feed itself.");
            }
            edges[from].set(checkRecord(to));
            return this;
        }

        /**
         * Input port {@code input} mixes output ports {@code outputs} (port indices in the segment); at most
         * {@link GraphLayout#MAX_SOURCES}. Replaces what was said of that input before.
         */
        public Builder reads(int input, int... outputs) {
            if (outputs.length > GraphLayout.MAX_SOURCES) {
                throw new IllegalArgumentException("Port " + input + " mixes " + outputs.length + " sources; a plan "
                        + "holds at most " + GraphLayout.MAX_SOURCES + " per input.");
            }
            if (input < 0) {
                throw new IllegalArgumentException("Port " + input + " is not a port index.");
            }
            sources.put(input, outputs.clone());
            return this;
        }

        public ActivationPlan build() {
            int[] feeders = new int[records];
            int[][] successors = new int[records][];
            Arrays.fill(feeders, INACTIVE);
            feeders[ENGINE] = 0;
            successors[ENGINE] = new int[0];
            for (int r = active.nextSetBit(0); r >= 0; r = active.nextSetBit(r + 1)) {
                feeders[r] = 0;
            }
            for (int r = 0; r < records; r++) {
                if (r == ENGINE) {
                    continue;
                }
                successors[r] = active.get(r) ? successorsOf(r) : new int[0];
                for (int s : successors[r]) {
                    feeders[s]++;
                }
            }
            checkAcyclic(feeders, successors);
            int[] firstWave = active.stream().filter(r -> feeders[r] == 0).toArray();
            return new ActivationPlan(records, feeders, successors, firstWave, new TreeMap<>(sources));
        }

        private int[] successorsOf(int record) {
            int[] out = edges[record].isEmpty() ? new int[] {ENGINE} : edges[record].stream().toArray();
            if (out.length > MAX_SUCCESSORS) {
                throw new IllegalArgumentException("Client " + record + " feeds " + out.length + " clients; a plan "
                        + "holds at most " + MAX_SUCCESSORS + " successors per client.");
            }
            return out;
        }

        /** Kahn's algorithm over the clients: each must become ready once its feeders are counted down. */
        private void checkAcyclic(int[] feeders, int[][] successors) {
            int[] remaining = feeders.clone();
            Deque<Integer> ready = new ArrayDeque<>();
            active.stream().filter(r -> remaining[r] == 0).forEach(ready::add);
            int seen = 0;
            while (!ready.isEmpty()) {
                int r = ready.poll();
                seen++;
                for (int s : successors[r]) {
                    if (s != ENGINE && --remaining[s] == 0) {
                        ready.add(s);
                    }
                }
            }
            if (seen != active.cardinality()) {
                throw new IllegalArgumentException("The clients' connections form a cycle; a plan needs an acyclic graph.");
            }
        }

        private int checkClient(int record) {
            if (record == ENGINE) {
                throw new IllegalArgumentException("Record 0 is the engine's; the engine feeds the first wave by itself.");
            }
            return checkRecord(record);
        }

        private int checkRecord(int record) {
            if (record < 0 || record >= records) {
                throw new IllegalArgumentException("Record " + record + " is outside 0.." + (records - 1) + ".");
            }
            return record;
        }
    }
}
