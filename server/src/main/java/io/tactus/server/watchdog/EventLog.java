package io.tactus.server.watchdog;

import java.util.ArrayList;
import java.util.List;

/**
 * The watchdog's event log: every action, and the first {@value #OBSERVED_EVENTS_KEPT} xruns and timeouts of
 * the measurement window (the rest are counted). Bounded, so a run that xruns every cycle cannot grow it
 * without end; windowed, so clients starting in JVMs of their own cannot fill it before the window opens.
 * Guarded by the {@link Watchdog}'s lock.
 */
final class EventLog {

    /** Xrun and timeout events kept in the log; the rest are counted. Actions are always kept. */
    static final int OBSERVED_EVENTS_KEPT = 1000;
    static final int ACTIONS_KEPT = 10_000;

    private final List<WatchdogEvent> events = new ArrayList<>();
    private long observedDropped;
    /** Xruns and timeouts of earlier cycles are not logged (see {@link #restartObservations}). */
    private long observeFrom;
    private long actionsTaken;

    /** Logs an xrun, a timeout or another observation, if it falls in the window and the log has room. */
    void observe(WatchdogEvent event) {
        if (event.cycle() < observeFrom && isXrunOrTimeout(event)) {
            return; // before the measurement window: the consumer can still be catching up on those
        }
        if (events.size() - actionsTaken < OBSERVED_EVENTS_KEPT) {
            events.add(event);
        } else {
            observedDropped++;
        }
    }

    /** Logs an action: always counted, kept up to {@value #ACTIONS_KEPT}. */
    void act(WatchdogEvent event) {
        actionsTaken++;
        if (events.size() < OBSERVED_EVENTS_KEPT + ACTIONS_KEPT) {
            events.add(event);
        }
    }

    /**
     * Forgets the xruns and timeouts logged so far (actions are kept) and logs none of a cycle before {@code
     * fromCycle}.
     */
    void restartObservations(long fromCycle) {
        observeFrom = fromCycle;
        events.removeIf(EventLog::isXrunOrTimeout);
        observedDropped = 0;
    }

    private static boolean isXrunOrTimeout(WatchdogEvent e) {
        return e.action() == WatchdogEvent.Action.XRUN || e.action() == WatchdogEvent.Action.TIMEOUT;
    }

    List<WatchdogEvent> events() {
        return List.copyOf(events);
    }

    long observedDropped() {
        return observedDropped;
    }

    long actionsTaken() {
        return actionsTaken;
    }
}
