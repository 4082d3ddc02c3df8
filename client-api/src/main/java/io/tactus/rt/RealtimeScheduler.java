package io.tactus.rt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Applies scheduling settings to threads and degrades instead of failing: a thread that may not go
 * realtime keeps running as SCHED_OTHER and the user gets one clear sentence, because an audio server
 * that refuses to start without privileges helps nobody, while one that xruns under load says why.
 * The trade-off is that a refused request is a warning, not an error; callers that must not run without
 * realtime check {@link SchedulingOutcome#granted()}. Each distinct cause is reported once per scheduler
 * and repeats are only counted. Thread-safe; every call is a setup call, never for the realtime loop.
 */
public final class RealtimeScheduler {

    private static final String XRUN_HINT = "expect xruns under load";

    private final RealtimeNative nativeLayer;
    private final Consumer<String> warnings;
    private final LongSupplier safepointIntervalMillis;
    private final Set<String> reportedCauses = ConcurrentHashMap.newKeySet();
    private final AtomicInteger suppressed = new AtomicInteger();

    /** A scheduler that leaves the JVM's safepoint setting unchecked. */
    public RealtimeScheduler(RealtimeNative nativeLayer, Consumer<String> warnings) {
        this(nativeLayer, warnings, () -> 0);
    }

    /**
     * @param safepointIntervalMillis the JVM's GuaranteedSafepointInterval (see {@link JvmSafepoints}): the first
     *                                thread granted a realtime class in a JVM where it is above 0 gets a warning
     */
    public RealtimeScheduler(RealtimeNative nativeLayer, Consumer<String> warnings, LongSupplier safepointIntervalMillis) {
        this.nativeLayer = Objects.requireNonNull(nativeLayer, "nativeLayer");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
        this.safepointIntervalMillis = Objects.requireNonNull(safepointIntervalMillis, "safepointIntervalMillis");
    }

    /**
     * The same native layer with every warning dropped, for a helper thread whose scheduling is a nicety: its
     * refusal (a nice it may not take) is the privilege the engine's own warning already names.
     */
    public RealtimeScheduler withoutWarnings() {
        return new RealtimeScheduler(nativeLayer, sentence -> { }, safepointIntervalMillis);
    }

    /**
     * The process-wide default: {@link RealtimeNative#linux()}, warnings on System.err, this JVM's safepoint setting
     * checked.
     */
    public static RealtimeScheduler system() {
        return SystemHolder.INSTANCE;
    }

    private static final class SystemHolder {
        static final RealtimeScheduler INSTANCE = new RealtimeScheduler(RealtimeNative.linux(),
                message -> System.err.println("tactus: warning: " + message), JvmSafepoints::guaranteedIntervalMillis);
    }

    /**
     * Switches the calling thread to {@code settings} and reads back what it got. A refused request
     * (no privilege, deadline admission, no native layer) leaves the thread SCHED_OTHER, warns once per
     * cause and never throws.
     */
    public SchedulingOutcome applyToCurrentThread(SchedulingSettings settings) {
        Objects.requireNonNull(settings, "settings");
        String thread = Thread.currentThread().getName();
        if (!nativeLayer.isAvailable()) {
            return unavailable(settings, thread);
        }
        SchedulingPolicy policy = settings.policy();
        String warning = switch (policy) {
            case FIFO, RR -> warnIfRefused(settings, thread,
                    nativeLayer.setScheduler(policy.linuxValue(), settings.priority()));
            case DEADLINE -> warnIfRefused(settings, thread, nativeLayer.setDeadline(
                    settings.runtimeNanos(), settings.deadlineNanos(), settings.periodNanos()));
            case OTHER -> switchToOther(settings, thread);
        };
        SchedulingOutcome outcome = readBack(settings, thread, warning);
        if (outcome.warning() == null && outcome.actualPolicy() != null && outcome.actualPolicy() != SchedulingPolicy.OTHER) {
            String safepoints = JvmSafepoints.warningFor(safepointIntervalMillis.getAsLong());
            if (safepoints != null) {
                warn("safepoint", safepoints);
            }
        }
        return outcome;
    }

    /** Demotes the calling thread to SCHED_OTHER nice 0, e.g. to take a runaway thread off the realtime class. */
    public SchedulingOutcome demoteCurrentThread() {
        return applyToCurrentThread(SchedulingSettings.other(0));
    }

    /**
     * Demotes another thread of this process, by kernel tid, to SCHED_OTHER nice 0: the watchdog's answer
     * to a realtime thread stuck in a client's code. Returns 0 or the errno, and warns once per cause.
     */
    public int demoteThread(int tid, String threadName) {
        int errno = nativeLayer.isAvailable() ? nativeLayer.demoteThread(tid) : RealtimeNative.ENOSYS;
        if (errno != 0) {
            warn("demote:" + errno, "cannot take thread '" + threadName + "' (tid " + tid + ") off the realtime class ("
                    + RealtimeNative.errnoName(errno) + "); it keeps its realtime priority until it returns");
        }
        return errno;
    }

    /**
     * Puts another thread, by kernel tid, back on FIFO or RR at {@code settings}' priority (the end of a freewheel).
     * Returns 0 or the errno, and warns once per cause.
     */
    public int promoteThread(int tid, SchedulingSettings settings, String threadName) {
        SchedulingPolicy policy = settings.policy();
        if (policy != SchedulingPolicy.FIFO && policy != SchedulingPolicy.RR) {
            return 0; // nothing to give back: the thread was not realtime
        }
        int errno = nativeLayer.isAvailable() ? nativeLayer.setThreadScheduler(tid, policy.linuxValue(), settings.priority())
                : RealtimeNative.ENOSYS;
        if (errno != 0 && errno != RealtimeNative.ESRCH) {
            warn("promote:" + errno, "cannot put thread '" + threadName + "' (tid " + tid + ") back on the realtime class ("
                    + RealtimeNative.errnoName(errno) + "); it runs as SCHED_OTHER");
        }
        return errno;
    }

    /**
     * Lets thread {@code tid} run only on CPU {@code cpu} (sched_setaffinity). Returns 0 or the errno, and warns
     * once per cause: the thread then runs wherever the kernel puts it, as before.
     */
    public int pinThread(int tid, int cpu, String threadName) {
        int errno = !nativeLayer.isAvailable() ? RealtimeNative.ENOSYS
                : cpu < 0 || cpu >= Long.SIZE ? RealtimeNative.EINVAL : nativeLayer.pinThread(tid, 1L << cpu);
        if (errno != 0 && errno != RealtimeNative.ESRCH) { // ESRCH: the thread has just ended, nothing to say
            warn("pin:" + errno, "cannot keep thread '" + threadName + "' (tid " + tid + ") on CPU " + cpu + " ("
                    + RealtimeNative.errnoName(errno) + "); the kernel places it, each handoff may wake another CPU");
        }
        return errno;
    }

    /** The CPUs (0 to 63) the calling thread may run on, lowest first; empty when they cannot be known. */
    public int[] allowedCpus() {
        long mask = nativeLayer.isAvailable() ? nativeLayer.allowedCpus() : 0;
        return java.util.stream.IntStream.range(0, Long.SIZE).filter(c -> (mask >>> c & 1) != 0).toArray();
    }

    /** Locks the process's memory (mlockall); on failure warns once and returns false. */
    public boolean lockMemory() {
        int errno = nativeLayer.mlockAll();
        if (errno == 0) {
            return true;
        }
        warn("mlockall:" + errno, "cannot lock memory (" + RefusalReasons.memoryLock(errno)
                + "); page faults may cause xruns");
        return false;
    }

    /**
     * Holds a PM QoS request that no idle CPU take longer than {@code micros} to wake ({@link CpuLatencyRequest})
     * until the returned handle is closed; {@code micros} below 0 asks nothing. When the request cannot be made
     * (no such device, not root) it warns once and returns {@link CpuLatencyRequest#NONE}.
     */
    public CpuLatencyRequest holdCpuLatency(int micros) {
        return holdCpuLatency(CpuLatencyRequest.DEVICE, CpuLatencyRequest.CPUIDLE_DRIVER, micros);
    }

    /**
     * As {@link #holdCpuLatency(int)}, through {@code device}; {@code cpuidleDriver} names the CPUs' idle driver.
     * Without one ("none", or no such file) the kernel halts an idle CPU whatever the request, so the request is
     * held but a warning says it has no effect.
     */
    CpuLatencyRequest holdCpuLatency(Path device, Path cpuidleDriver, int micros) {
        if (micros < 0) {
            return CpuLatencyRequest.NONE;
        }
        CpuLatencyRequest request;
        try {
            request = CpuLatencyRequest.hold(device, micros);
        } catch (IOException | RuntimeException e) {
            warn("cpu-latency", "cannot ask the CPUs for a wake-up latency of " + micros + " usecs through " + device
                    + " (" + reason(e) + "); an idle CPU may wake the engine late");
            return CpuLatencyRequest.NONE;
        }
        String driver = CpuLatencyRequest.idleDriver(cpuidleDriver);
        if (driver == null || driver.equals("none")) {
            warn("cpu-latency-driver", "the CPUs have no cpuidle driver (" + cpuidleDriver + (driver == null
                    ? " is missing" : " says none") + "), so the request for a wake-up latency of " + micros
                    + " usecs has no effect: an idle CPU halts and may wake the engine late (a longer --spin-us"
                    + " covers more of it)");
        }
        return request;
    }

    /** "Permission denied" of "/dev/cpu_dma_latency (Permission denied)": the path is in the sentence already. */
    private static String reason(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int open = message.lastIndexOf(" (");
        return open >= 0 && message.endsWith(")") ? message.substring(open + 2, message.length() - 1) : message;
    }

    /** How many warnings were not sent because their cause had already been reported. */
    public int suppressedWarnings() {
        return suppressed.get();
    }

    private String warnIfRefused(SchedulingSettings settings, String thread, int errno) {
        if (errno == 0) {
            return null;
        }
        if (nativeLayer.getScheduler() != SchedulingPolicy.OTHER.linuxValue()) {
            nativeLayer.setScheduler(SchedulingPolicy.OTHER.linuxValue(), 0); // e.g. realtime inherited from the creator
        }
        return warn(settings.policy() + ":" + errno, "cannot switch thread '" + thread + "' to " + settings.describe()
                + " (" + RefusalReasons.schedulingClass(settings.policy(), errno) + "); running as SCHED_OTHER, "
                + XRUN_HINT);
    }

    private String switchToOther(SchedulingSettings settings, String thread) {
        String refused = warnIfRefused(settings, thread,
                nativeLayer.setScheduler(SchedulingPolicy.OTHER.linuxValue(), 0));
        if (refused != null) {
            return refused;
        }
        int errno = nativeLayer.setNice(settings.nice());
        if (errno == 0) {
            return null;
        }
        int nice = nativeLayer.getNice();
        return warn("nice:" + errno, "cannot set nice " + settings.nice() + " on thread '" + thread + "' ("
                + RefusalReasons.nice(errno) + "); running as SCHED_OTHER"
                + (nice == RealtimeNative.NICE_UNKNOWN ? "" : " nice " + nice));
    }

    private SchedulingOutcome unavailable(SchedulingSettings settings, String thread) {
        if (settings.equals(SchedulingSettings.other(0))) {
            return new SchedulingOutcome(settings, SchedulingPolicy.OTHER, 0, RealtimeNative.NICE_UNKNOWN, -1, null);
        }
        String warning = warn("unavailable", "realtime scheduling is unavailable on this platform (ENOSYS: not Linux, "
                + "or libc could not be bound through JNA), so thread '" + thread + "' runs as SCHED_OTHER instead of "
                + settings.describe() + "; " + XRUN_HINT);
        return new SchedulingOutcome(settings, SchedulingPolicy.OTHER, 0, RealtimeNative.NICE_UNKNOWN, -1, warning);
    }

    private SchedulingOutcome readBack(SchedulingSettings settings, String thread, String warning) {
        int policyNumber = nativeLayer.getScheduler();
        SchedulingPolicy policy = policyNumber < 0 ? null : SchedulingPolicy.fromLinux(policyNumber);
        int priority = Math.max(0, nativeLayer.getPriority());
        int nice = nativeLayer.getNice();
        int tid = nativeLayer.gettid();
        SchedulingOutcome outcome = new SchedulingOutcome(settings, policy, priority, nice, tid > 0 ? tid : -1, warning);
        if (warning != null || matches(settings, outcome)) {
            return outcome;
        }
        String mismatch = warn("mismatch:" + settings.policy(), "thread '" + thread + "' asked for "
                + settings.describe() + " but the kernel reports " + outcome.describe() + "; " + XRUN_HINT);
        return new SchedulingOutcome(settings, policy, priority, nice, outcome.tid(), mismatch);
    }

    private static boolean matches(SchedulingSettings settings, SchedulingOutcome outcome) {
        if (outcome.actualPolicy() != settings.policy()) {
            return false;
        }
        return switch (settings.policy()) {
            case FIFO, RR -> outcome.actualPriority() == settings.priority();
            case OTHER -> outcome.actualNice() == settings.nice() || outcome.actualNice() == RealtimeNative.NICE_UNKNOWN;
            case DEADLINE -> true;
        };
    }

    private String warn(String cause, String sentence) {
        if (reportedCauses.add(cause)) {
            warnings.accept(sentence);
        } else {
            suppressed.incrementAndGet();
        }
        return sentence;
    }
}
