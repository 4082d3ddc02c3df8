package io.tactus.server.os;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A temporary kernel RT budget, in effect from {@link KernelRtBudget#limitTo} until {@link #close()}.
 * Every write is recorded with the value it replaced and undone in reverse order: on close, and from a
 * JVM shutdown hook if the process ends first (Ctrl-C). Restoring is idempotent. A restore that fails
 * leaves the machine limited, so it is said loudly (on stderr as well, since try-with-resources may
 * suppress the exception) with the exact values to write back, and the shutdown hook stays to try once
 * more at exit.
 */
public final class RtLimit implements AutoCloseable {

    static final String NOT_ROOT = "--rt-limit needs root to write /proc/sys/kernel/sched_rt_runtime_us; "
            + "run as root or leave --rt-limit out";

    private final KernelFiles files;
    private final double percent;
    private final long runtimeUs;
    private final long periodUs;
    private final Thread shutdownHook = new Thread(this::restoreAtExit, "tactus-rt-limit-restore");
    /** Writes done and not yet undone, in the order they were done. Guarded by this. */
    private final List<RtWrite> applied = new ArrayList<>();
    private volatile List<RtWrite> all = List.of();

    RtLimit(KernelFiles files, double percent, long runtimeUs, long periodUs) {
        this.files = files;
        this.percent = percent;
        this.runtimeUs = runtimeUs;
        this.periodUs = periodUs;
    }

    /** Does {@code plan} in order; on the first refusal undoes what was done and says why. */
    synchronized void apply(List<RtWrite> plan) {
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook); // before the first write: Ctrl-C may come at any time
        } catch (IllegalStateException shuttingDown) {
            throw new TactusException("the JVM is shutting down; the RT budget is unchanged");
        }
        all = plan;
        for (RtWrite write : plan) {
            try {
                files.write(write.file(), write.newValue());
            } catch (IOException e) {
                String undone = rollBack();
                if (applied.isEmpty()) {
                    removeShutdownHook();
                }
                String what = e instanceof AccessDeniedException ? NOT_ROOT
                        : "the kernel refused to write " + write.newValue() + " to " + write.file()
                                + " (" + KernelFiles.reason(e) + ")";
                throw new TactusException(what + (undone.isEmpty() ? "; the RT budget is unchanged"
                        : "; " + undone), e);
            }
            applied.add(write);
        }
    }

    private String rollBack() {
        try {
            restore();
            return "";
        } catch (TactusException restoreFailed) {
            return restoreFailed.getMessage();
        }
    }

    /** The budget in effect: {@link #runtimeUs()} of every {@link #periodUs()}. */
    public double percent() {
        return percent;
    }

    public long runtimeUs() {
        return runtimeUs;
    }

    public long periodUs() {
        return periodUs;
    }

    /** Every file this limit changed, in the order written, with the value it held before. */
    public List<RtWrite> writes() {
        return all;
    }

    /** True once every change has been undone. */
    public synchronized boolean isRestored() {
        return applied.isEmpty();
    }

    /**
     * Puts every changed file back to its old value, sysctl first when raising; does nothing when already
     * restored.
     *
     * @throws TactusException naming each file still changed and the value to write back by hand
     */
    @Override
    public synchronized void close() {
        try {
            restore();
        } catch (TactusException e) {
            System.err.println("tactus: " + e.getMessage());
            throw e;
        }
        removeShutdownHook();
    }

    private void removeShutdownHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to; it finds nothing left to restore.
        }
    }

    /** Undoes the applied writes newest first; keeps going past a failure so as much as possible is back. */
    private void restore() {
        IOException first = null;
        List<RtWrite> stillChanged = new ArrayList<>();
        for (int i = applied.size() - 1; i >= 0; i--) {
            RtWrite write = applied.get(i);
            try {
                files.write(write.file(), write.oldValue());
            } catch (IOException e) {
                first = first == null ? e : first;
                stillChanged.add(write);
            }
        }
        applied.clear();
        if (!stillChanged.isEmpty()) {
            for (int i = stillChanged.size() - 1; i >= 0; i--) {
                applied.add(stillChanged.get(i)); // back in the order done, so a retry undoes newest first
            }
            throw new TactusException("could not restore the kernel RT budget (" + KernelFiles.reason(first)
                    + "); write it back by hand, in this order: " + stillChanged.stream()
                    .map(RtWrite::undoCommand).collect(Collectors.joining("; ")), first);
        }
    }

    private synchronized void restoreAtExit() {
        try {
            restore();
        } catch (TactusException e) {
            System.err.println("tactus: " + e.getMessage());
        }
    }

    /** For tests: what the JVM runs at exit. */
    Thread shutdownHook() {
        return shutdownHook;
    }
}
