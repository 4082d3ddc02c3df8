package io.tactus.bench.stress;

import io.tactus.api.ClientPriority;
import io.tactus.server.watchdog.ClientState;
import io.tactus.server.watchdog.ClientView;
import io.tactus.server.watchdog.WatchdogEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What the watchdog saw and did during a stress run, and the degradation figures derived from it: who
 * was shed, how soon after the hog turned hyperactive, how many innocent clients were lost.
 *
 * @param policy              the policy label
 * @param events              the watchdog's log (every action; the first xruns and timeouts)
 * @param observedDropped     xrun and timeout events seen but not kept in the log
 * @param clients             the watchdog's view of every client at the end
 * @param windowStartNanos    when measurement began ({@link System#nanoTime()}); event times count from it
 * @param hogs                the hogs' names
 * @param hyperactiveSince    when each hog first burned ({@link System#nanoTime()}), -1 if it never did
 * @param rtLimit             the kernel RT budget during the measured time, e.g. "30 % (restored to 95 %)", or
 *                            "unchanged"
 */
public record WatchdogOutcome(String policy, List<WatchdogEvent> events, long observedDropped, List<ClientView> clients,
                              long windowStartNanos, List<String> hogs, List<Long> hyperactiveSince, String rtLimit) {

    public static WatchdogOutcome none() {
        return new WatchdogOutcome("none", List.of(), 0, List.of(), 0, List.of(), List.of(), "unchanged");
    }

    /** Seconds from the start of measurement to the event (negative during the warm-up). */
    public double secondsOf(WatchdogEvent event) {
        return (event.timeNanos() - windowStartNanos) / 1e9;
    }

    /** What the watchdog did (mute, readmit, evict, restart), in order. */
    public List<WatchdogEvent> actions() {
        return events.stream().filter(e -> e.action().isAction()).toList();
    }

    /**
     * Milliseconds from the first hog turning hyperactive to the first cycle the engine ran without it
     * (the mute or eviction took effect, not merely decided); empty if no hog was shed.
     */
    public OptionalDouble culpritShedAfterMillis() {
        long since = hyperactiveSince.stream().filter(t -> t >= 0).mapToLong(Long::longValue).min().orElse(-1);
        if (since < 0) {
            return OptionalDouble.empty();
        }
        return events.stream()
                .filter(e -> e.action() == WatchdogEvent.Action.SILENCED)
                .filter(e -> hogs.contains(e.client()) && e.timeNanos() >= since)
                .mapToDouble(e -> (e.timeNanos() - since) / 1e6).findFirst();
    }

    /** Xrun events inside the measured time (the log also holds the warm-up's). */
    private boolean measured(WatchdogEvent e) {
        return e.timeNanos() >= windowStartNanos;
    }

    /** Seconds into the measured time of the first mute or eviction, of anyone; empty if none. */
    public OptionalDouble firstShedSeconds() {
        return actions().stream()
                .filter(e -> e.action() == WatchdogEvent.Action.MUTE || e.action() == WatchdogEvent.Action.EVICT)
                .mapToDouble(this::secondsOf).findFirst();
    }

    /** Clients that were not hogs and were evicted. */
    public long innocentsEvicted() {
        return clients.stream().filter(c -> c.state() == ClientState.EVICTED && !hogs.contains(c.name())).count();
    }

    /** Clients the watchdog left muted at the end (shed but still there). */
    public long mutedAtEnd() {
        return clients.stream().filter(c -> c.state() == ClientState.MUTED).count();
    }

    /** Clients of {@code priority} the watchdog left muted at the end. */
    public long mutedAtEnd(ClientPriority priority) {
        return clients.stream().filter(c -> c.state() == ClientState.MUTED && c.priority() == priority).count();
    }

    /** Xruns blamed per client ("(host)" when no client consumed the cycle), over the logged events. */
    public Map<String, Integer> xrunsBlamed() {
        return blamed(WatchdogEvent.Action.XRUN);
    }

    /** Timeouts per client, over the logged events of the measured time. */
    public Map<String, Integer> timeoutsBlamed() {
        return blamed(WatchdogEvent.Action.TIMEOUT);
    }

    /** Logged timeouts of the measured time whose client had not begun the cycle when the server stopped waiting. */
    public long timeoutsNotBegun() {
        return events.stream().filter(e -> e.timeoutNotBegun() && measured(e)).count();
    }

    private Map<String, Integer> blamed(WatchdogEvent.Action action) {
        Map<String, Integer> blame = new TreeMap<>();
        for (WatchdogEvent e : events) {
            if (e.action() == action && measured(e)) {
                for (String name : e.client().split(", ")) {
                    blame.merge(name, 1, Integer::sum);
                }
            }
        }
        return blame;
    }

    /** Hogs as a list of names; for the JSON. */
    public List<String> hogNames() {
        return new ArrayList<>(hogs);
    }
}
