package io.tactus.bench.stress;

/**
 * Memory a run used, as proportional set sizes (so that processes add up): the server's JVM, and the sum over
 * the client processes of a process run, read near the end of the measured time.
 *
 * @param serverPssKb  the server JVM's Pss in KiB; -1 when unknown
 * @param clientsPssKb the client processes' Pss summed, in KiB; 0 with no client processes
 * @param clients      client processes measured
 */
public record Footprint(long serverPssKb, long clientsPssKb, int clients) {

    /** Nothing measured. */
    public static final Footprint UNKNOWN = new Footprint(-1, 0, 0);

    public boolean known() {
        return serverPssKb >= 0;
    }
}
