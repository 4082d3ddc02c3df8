package io.tactus.bench.soak;

import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.os.ProcessResources;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a soak measured, and its verdict on each goal of a long run: nothing leaked (file descriptors, threads,
 * shared-memory files: counted before and after, in the same state, all clients joined), memory grew under
 * {@value #GROWTH_PERCENT} % from the first reading to the end, the realtime thread allocated nothing, and the
 * engine's xruns came no oftener than the floor's late wake-ups.
 *
 * @param settings        what ran
 * @param seconds         measured seconds
 * @param churns          times the churning clients left and rejoined
 * @param rejoins         clients that rejoined in those churns
 * @param notJoined       clients that did not join (at the start or in a churn), one line each
 * @param graphChanges    connections made or undone
 * @param changesRefused  changes the server refused
 * @param firstRefusal    the first refusal's sentence, or null
 * @param before          the server's resources at the start of the measured time
 * @param after           the same at the end
 * @param memorySecond    when memory was first read, in measured seconds
 * @param rssFirstKb      the server's resident set then, KiB
 * @param rssEndKb        and at the end
 * @param pssFirstKb      the server's proportional set then, KiB
 * @param pssEndKb        and at the end
 * @param anonFirstKb     the anonymous part of that PSS then (malloc, thread stacks, the JIT's code: where a native
 *                        leak shows, apart from the heap, which the JVM touches page by page until it is all used)
 * @param anonEndKb       and at the end
 * @param rtAllocatedBytes what the engine thread allocated after its warm-up; -1 when not measured
 * @param xruns           xruns over the measured time
 * @param xrunsAfterFirst xruns from the first memory reading to the end
 * @param lateAfterFirst  the engine's own wake-ups more than 1 ms late in the same time (its Delay Count (>1000
 *                        usecs)): the floor's own measure, so the xruns the host made by waking the engine late can be
 *                        told from those made inside the cycle (a client woken late, or the host taking its CPU)
 * @param clientsAtEnd    clients in the graph at the end
 * @param floor           the floor, measured beside the server from the first memory reading to the end; null
 *                        when not measured
 * @param secondsAfterFirst from the first memory reading to the end, by the clock: the time the xruns and late
 *                        wake-ups from then on are rates of, as the floor's are of its own seconds
 */
public record SoakResult(SoakSettings settings, int seconds, int churns, int rejoins, List<String> notJoined,
                         long graphChanges, long changesRefused, String firstRefusal, ProcessResources before,
                         ProcessResources after, int memorySecond, long rssFirstKb, long rssEndKb, long pssFirstKb,
                         long pssEndKb, long anonFirstKb, long anonEndKb, long rtAllocatedBytes, long xruns,
                         long xrunsAfterFirst, long lateAfterFirst, int clientsAtEnd, FloorWindow floor,
                         double secondsAfterFirst) {

    /** The memory goal of a long run. */
    public static final double GROWTH_PERCENT = 5;
    /**
     * Threads the JVM may add on demand between two counts (compiler and GC threads) without a leak: Tactus's own
     * threads are held to none.
     */
    public static final int JVM_THREADS_SLACK = 8;

    public SoakResult {
        notJoined = List.copyOf(notJoined);
    }

    /** One goal, whether it was met, and the figures that say so. */
    public record Verdict(String goal, boolean met, String figures) {
    }

    public static double growthPercent(long firstKb, long endKb) {
        return firstKb <= 0 || endKb < 0 ? Double.NaN : 100.0 * (endKb - firstKb) / firstKb;
    }

    public double rssGrowthPercent() {
        return growthPercent(rssFirstKb, rssEndKb);
    }

    public double pssGrowthPercent() {
        return growthPercent(pssFirstKb, pssEndKb);
    }

    public double anonGrowthPercent() {
        return growthPercent(anonFirstKb, anonEndKb);
    }

    /** xruns a minute from the first memory reading to the end, by the clock. */
    public double xrunsPerMinuteAfterFirst() {
        return secondsAfterFirst <= 0 ? Double.NaN : xrunsAfterFirst * 60.0 / secondsAfterFirst;
    }

    /** The engine's late wake-ups a minute from the first memory reading to the end. */
    public double latePerMinuteAfterFirst() {
        return secondsAfterFirst <= 0 ? Double.NaN : lateAfterFirst * 60.0 / secondsAfterFirst;
    }

    /** The floor's late wake-ups a minute; NaN when the floor was not measured (or stopped before it counted). */
    public double floorLatePerMinute() {
        return floor == null || floor.seconds() <= 0 ? Double.NaN : floor.latePerSecond() * 60;
    }

    public boolean fileDescriptorsKept() {
        return after.fileDescriptors() <= before.fileDescriptors();
    }

    public boolean threadsKept() {
        return after.tactusThreads() <= before.tactusThreads() && after.threads() <= before.threads() + JVM_THREADS_SLACK;
    }

    public boolean sharedMemoryKept() {
        return after.files() <= before.files();
    }

    public List<Verdict> verdicts() {
        List<Verdict> v = new ArrayList<>();
        v.add(new Verdict("no file descriptor leaked", fileDescriptorsKept(),
                before.fileDescriptors() + " before, " + after.fileDescriptors() + " after"));
        v.add(new Verdict("no thread leaked", threadsKept(), String.format(Locale.ROOT,
                "Tactus's own %d before, %d after; all %d before, %d after (the JVM may add %d)", before.tactusThreads(),
                after.tactusThreads(), before.threads(), after.threads(), JVM_THREADS_SLACK)));
        v.add(new Verdict("no /dev/shm file leaked", sharedMemoryKept(), before.files() + " before, " + after.files()
                + " after"));
        boolean grewLittle = rssGrowthPercent() < GROWTH_PERCENT && pssGrowthPercent() < GROWTH_PERCENT;
        v.add(new Verdict("resident and PSS growth under " + (int) GROWTH_PERCENT + " %", grewLittle,
                String.format(Locale.ROOT, "resident %+.1f %%, PSS %+.1f %% from %s to the end", rssGrowthPercent(),
                        pssGrowthPercent(), firstReading())));
        v.add(new Verdict("RT Allocated Bytes 0", rtAllocatedBytes == 0, rtAllocatedBytes < 0 ? "not measured"
                : rtAllocatedBytes + " bytes"));
        double floor = floorLatePerMinute();
        v.add(new Verdict("xruns no more than the floor's", !Double.isNaN(floor) && xrunsPerMinuteAfterFirst() <= floor,
                String.format(Locale.ROOT, "%.1f xruns a minute from %s on (the engine woke late %.1f a minute); the"
                                + " floor %s", xrunsPerMinuteAfterFirst(), firstReading(), latePerMinuteAfterFirst(),
                        Double.isNaN(floor) ? "not measured"
                                : String.format(Locale.ROOT, "%.1f late wake-ups a minute", floor))));
        return v;
    }

    /** "minute 5", or for a short run the first fifth, in seconds. */
    public String firstReading() {
        return settings.minutes() >= SoakSettings.MEMORY_MINUTE_FROM ? "minute " + SoakSettings.MEMORY_MINUTE
                : memorySecond + " s (the first fifth: the run is shorter than " + SoakSettings.MEMORY_MINUTE_FROM
                + " minutes)";
    }
}
