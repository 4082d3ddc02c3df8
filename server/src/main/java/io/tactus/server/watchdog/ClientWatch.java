package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import io.tactus.server.graph.ClientNode;

/**
 * The watchdog's file on one client: recent own work and waiting (exponential means over about 64
 * cycles), strikes, mutes and what was blamed on it. Consumer thread only; {@link #view} copies it out
 * for other threads.
 */
final class ClientWatch {

    private static final double SMOOTHING = 1.0 / 64;

    final ClientNode node;
    final String name;
    final ClientPriority priority;
    final long[] strikeTimes;
    int strikeNext;
    long firstRun = Long.MIN_VALUE;
    ClientState state = ClientState.GRACE;
    double ownMean;
    double waitMean;
    long ownLast;
    long ownMax;
    long cycles;
    long timeouts;
    long xruns;
    int actions;
    int mutes;
    long mutedUntil = Long.MAX_VALUE;
    /** The mean own work when it was muted: what readmitting it will cost. */
    double costWhenMuted;
    boolean mutedByGovernor;
    /** Out-of-process client: cycles in a row it did not answer within its time limit. */
    int lateInARow;
    /** Cycles in a row its own work was over budget. */
    int overInARow;
    /** Cycles in a row its own work was over the whole period. */
    int overPeriodInARow;
    /** Cycle of a mute or eviction whose effect (the client gone from the plan) has not been seen yet; -1 when none. */
    long shedPendingSince = -1;

    ClientWatch(ClientNode node, int strikes) {
        this.node = node;
        this.name = node.name();
        this.priority = node.priority();
        this.strikeTimes = new long[strikes];
        java.util.Arrays.fill(strikeTimes, Long.MIN_VALUE);
    }

    void ran(long now, long own, long wait) {
        if (firstRun == Long.MIN_VALUE) {
            firstRun = now;
            ownMean = own;
            waitMean = wait;
        }
        cycles++;
        ownLast = own;
        ownMax = Math.max(ownMax, own);
        ownMean += (own - ownMean) * SMOOTHING;
        waitMean += (wait - waitMean) * SMOOTHING;
    }

    /** Past its grace period and running: may be acted on. */
    boolean judged(long now, long graceNanos) {
        if (state == ClientState.GRACE && firstRun != Long.MIN_VALUE && now - firstRun >= graceNanos) {
            state = ClientState.ACTIVE;
        }
        return state == ClientState.ACTIVE;
    }

    /** Records a strike at {@code now}; returns how many of the last K strikes fall within the window. */
    int strike(long now, long windowNanos) {
        strikeTimes[strikeNext] = now;
        strikeNext = (strikeNext + 1) % strikeTimes.length;
        int inWindow = 0;
        for (long t : strikeTimes) {
            if (t != Long.MIN_VALUE && now - t < windowNanos) {
                inWindow++;
            }
        }
        return inWindow;
    }

    ClientView view(long periodNanos) {
        return new ClientView(name, priority, state, waitMean / 1000.0, ownMean / 1000.0,
                100.0 * ownMean / periodNanos, ownMax / 1000.0, timeouts, xruns, actions);
    }
}
