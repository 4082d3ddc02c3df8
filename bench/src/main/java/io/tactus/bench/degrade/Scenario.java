package io.tactus.bench.degrade;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.HogSettings;
import io.tactus.bench.stress.StressSettings;
import io.tactus.clients.HogPattern;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.watchdog.WatchdogSettings;

import java.util.Locale;

/**
 * The two overloads every policy is compared on. {@code hog}: 19 jack_test3 clients and one hog at a
 * steady 150 % of the period from 10 s into the measured time, SCHED_FIFO. {@code rtlimit}: 20 clients
 * sized to need about 40 % of a CPU (the first {@value #RTLIMIT_LOW} low priority, the last {@value #RTLIMIT_HIGH}
 * high) under a kernel RT budget of 30 %, the 2005 test that cost JACK nine innocent clients. Half of them are low
 * so that what the low ones cost covers the excess over the governor's ceiling on any day (the graph needs 34 to
 * 48 % here, the ceiling is 25 %): the scenario then shows whether a policy sheds by priority and no more than it
 * must.
 */
public enum Scenario {
    HOG, RTLIMIT;

    /** jack_test3 work that makes 20 unconnected clients need about 40 % of this machine's CPU at 64 frames. */
    public static final int RTLIMIT_WORK = 30;

    /** rtlimit's low-priority clients, the first of the 20. */
    public static final int RTLIMIT_LOW = 10;

    /** rtlimit's high-priority clients, the last of the 20. */
    public static final int RTLIMIT_HIGH = 5;

    public static Scenario parse(String text) {
        for (Scenario s : values()) {
            if (s.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return s;
            }
        }
        throw new TactusException("--scenario must be hog or rtlimit, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The run for {@code watchdog}: the scenario's fixed shape, the caller's length and sizing. */
    public StressSettings settings(WatchdogSettings watchdog, int seconds, int work, double rtLimitPercent,
                                   double hogLoad, double hogAfter) {
        return switch (this) {
            case HOG -> new StressSettings(19, 4, 64, 48_000, seconds, 2, SchedulingSettings.fifo(70), 0, false, 1000,
                    LoadKind.NONE, 0, new Degradation(watchdog, new HogSettings(1, hogLoad, hogAfter, HogPattern.STEADY),
                    0, 0, 0));
            case RTLIMIT -> new StressSettings(20, 4, 64, 48_000, seconds, 2, SchedulingSettings.fifo(70), work, false,
                    1000, LoadKind.NONE, 0, new Degradation(watchdog, HogSettings.none(), rtLimitPercent, RTLIMIT_LOW,
                    RTLIMIT_HIGH));
        };
    }
}
