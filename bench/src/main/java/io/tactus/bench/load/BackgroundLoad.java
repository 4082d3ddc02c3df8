package io.tactus.bench.load;

import io.tactus.api.TactusException;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.SchedulingPolicy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The background load of a stress run, in separate processes so that it competes with the engine only
 * through the kernel scheduler, as another program on the machine would. Child processes are certain to
 * be stopped (on {@link #close()}, and by a shutdown hook on Ctrl-C; the children also exit by
 * themselves when this JVM dies and their stdin closes), at the price of a JVM start-up per child and a
 * few tens of megabytes each. Use it in try-with-resources around the run.
 */
public final class BackgroundLoad implements AutoCloseable {

    static final int COMPILE_CLASSES = 200;
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final List<String> BUSY_JVM = List.of(
            "-Xmx16m", "-XX:+UseSerialGC", "-Xss256k", "-XX:TieredStopAtLevel=1");
    private static final List<String> COMPILE_JVM = List.of("-Xmx256m");

    private final LoadKind kind;
    private final Path workDirectory;
    private final List<ChildProcess> children = new ArrayList<>();
    private final Thread shutdownHook;
    private boolean closed;

    private BackgroundLoad(LoadKind kind, Path workDirectory) {
        this.kind = kind;
        this.workDirectory = workDirectory;
        this.shutdownHook = kind == LoadKind.NONE ? null : new Thread(this::close, "tactus-load-stop");
        if (shutdownHook != null) {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
    }

    /**
     * Starts the load and returns once every child process runs. Call it from a normal (SCHED_OTHER)
     * thread: children inherit the calling thread's scheduling. Throws {@link TactusException} when a
     * child cannot start, after stopping those that did.
     */
    public static BackgroundLoad start(LoadKind kind) {
        return start(kind, RealtimeNative.linux());
    }

    static BackgroundLoad start(LoadKind kind, RealtimeNative nativeLayer) {
        if (kind == LoadKind.NONE) {
            return new BackgroundLoad(kind, null);
        }
        requireTimeSharing(nativeLayer.getScheduler());
        BackgroundLoad load = new BackgroundLoad(kind, kind == LoadKind.COMPILE ? createWorkDirectory() : null);
        try {
            if (kind == LoadKind.CPU) {
                for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                    load.add(ChildProcess.launch(BusyLoop.class, BUSY_JVM, List.of()));
                }
            } else {
                load.add(ChildProcess.launch(CompileLoop.class, COMPILE_JVM, List.of(load.workDirectory.toString())));
            }
            for (ChildProcess child : load.children()) {
                child.awaitReady(READY_TIMEOUT);
            }
            return load;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            load.close();
            throw new TactusException("The background load was interrupted while starting; nothing is left running.");
        } catch (RuntimeException e) {
            load.close();
            throw e;
        }
    }

    /** Process ids of the child processes (not their descendants); empty for {@link LoadKind#NONE}. */
    public synchronized List<Long> pids() {
        return children.stream().map(ChildProcess::pid).toList();
    }

    /** What runs, for the report: "2 busy processes (SCHED_OTHER)". */
    public synchronized String describe() {
        return switch (kind) {
            case NONE -> "no background load";
            case CPU -> children.size() + (children.size() == 1 ? " busy process" : " busy processes")
                    + " (SCHED_OTHER)";
            case COMPILE -> "javac compiling " + COMPILE_CLASSES + " generated classes in a loop";
        };
    }

    /**
     * Stops every process this load started and their descendants (SIGTERM, up to 5 s, then SIGKILL) and
     * deletes the compile load's directory. Idempotent; also runs from the shutdown hook on Ctrl-C.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeShutdownHook();
        List<ProcessHandle> survivors;
        try {
            survivors = ChildProcess.stop(children, STOP_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(c -> ProcessHandle.of(c.pid()).ifPresent(ProcessHandle::destroyForcibly));
            survivors = List.of();
        }
        deleteWorkDirectory();
        if (!survivors.isEmpty()) {
            throw new TactusException("The background load processes " + survivors.stream().map(ProcessHandle::pid)
                    .toList() + " survived SIGKILL; stop them by hand.");
        }
    }

    /** The compile load's directory, created here and passed to the child; null for other kinds. */
    Path workDirectory() {
        return workDirectory;
    }

    /** Compile rounds the child has reported so far. */
    synchronized long compileRounds() {
        return children.stream().mapToLong(ChildProcess::reports).sum();
    }

    /** The last line a child printed, such as "round 3: 200 classes in 1402 ms"; empty if none. */
    synchronized String lastReport() {
        return children.isEmpty() ? "" : children.get(children.size() - 1).lastLine();
    }

    private synchronized void add(ChildProcess child) throws InterruptedException {
        if (closed) {
            // the shutdown hook ran while this child was being started
            ChildProcess.stop(List.of(child), STOP_GRACE);
            throw new TactusException("The background load was stopped while it was starting.");
        }
        children.add(child);
    }

    private synchronized List<ChildProcess> children() {
        return List.copyOf(children);
    }

    private static void requireTimeSharing(int policy) {
        if (policy > 0) {
            SchedulingPolicy named = SchedulingPolicy.fromLinux(policy);
            throw new TactusException("The background load must be started from a SCHED_OTHER thread, but this one runs "
                    + (named == null ? "policy " + policy : named.label())
                    + ", which its processes would inherit; start the load before switching to realtime.");
        }
    }

    private static Path createWorkDirectory() {
        try {
            return Files.createTempDirectory("tactus-compile-load-");
        } catch (IOException e) {
            throw new TactusException("The compile load could not create a temporary directory (" + e.getMessage()
                    + "); check that java.io.tmpdir is writable.", e);
        }
    }

    private void deleteWorkDirectory() {
        if (workDirectory == null) {
            return;
        }
        try {
            CompileLoop.deleteTree(workDirectory);
        } catch (IOException e) {
            throw new TactusException("The compile load could not delete " + workDirectory + " (" + e.getMessage()
                    + "); delete it by hand.", e);
        }
    }

    private void removeShutdownHook() {
        if (shutdownHook == null || Thread.currentThread() == shutdownHook) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down; the hook will find this load closed
        }
    }
}
