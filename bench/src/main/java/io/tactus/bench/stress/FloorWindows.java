package io.tactus.bench.stress;

import io.tactus.bench.floor.FloorProbe;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;

import java.io.PrintStream;

/**
 * The floor beside a stress run: a bare realtime thread at the engine's policy and priority that sleeps to each
 * period, half of the time before the server starts and half after it stops, under the run's background load.
 * Measured apart from the run, not during it: at the engine's priority it would take CPU from the engine.
 */
final class FloorWindows {

    private final StressSettings settings;
    private final PrintStream progress;
    private final double seconds;

    FloorWindows(StressSettings settings, PrintStream progress, double seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("--floor-seconds must be 0 or more, not " + seconds);
        }
        this.settings = settings;
        this.progress = progress;
        this.seconds = seconds;
    }

    /** One window of half the floor's time, {@code when} ("before", "after") the run; null with no floor asked. */
    FloorWindow measure(String when) throws InterruptedException {
        if (seconds <= 0) {
            return null;
        }
        progress.printf("tactus stress: the floor (a bare realtime thread sleeping to each period), %.0f s %s the"
                + " run%n", seconds / 2, when);
        return new FloorProbe(settings.scheduling(), settings.periodNanos(), FloorWait.NANOSLEEP).measure(seconds / 2);
    }
}
