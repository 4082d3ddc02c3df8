package io.tactus.bench.compare;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The processes a comparison started and has not yet stopped (jackd, stress-ng), stopped by their PIDs from a
 * shutdown hook when the JVM ends early (Ctrl-C): a JACK2 server left running would outlive the command, where
 * Tactus's own clients end with its server. Normal stops go through each owner's close and are forgotten here.
 */
final class ProcessGuard implements AutoCloseable {

    private final Set<Process> running = ConcurrentHashMap.newKeySet();
    private final Thread hook = new Thread(this::stopAll, "tactus-compare-stop");

    ProcessGuard() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Watches {@code process} until it ends. */
    Process started(Process process) {
        running.add(process);
        process.onExit().thenRun(() -> running.remove(process));
        return process;
    }

    private void stopAll() {
        running.forEach(Process::destroy);
        for (Process p : running) {
            try {
                if (!p.waitFor(3, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }

    /** Stops what is still running and removes the hook. */
    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs anyway
        }
    }
}
