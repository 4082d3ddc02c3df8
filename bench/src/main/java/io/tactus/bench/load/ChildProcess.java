package io.tactus.bench.load;

import io.tactus.api.TactusException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Parent side of one background load process: a JVM running one of this package's main classes, started
 * with this JVM's own {@code java} binary and class path, whose merged stdout and stderr are read by a
 * daemon thread. The child says {@value #READY} once it runs, so a child that cannot start is reported
 * at start rather than noticed as a missing load; that costs one reader thread per child.
 */
final class ChildProcess {

    static final String READY = "ready";

    private final Process process;
    private final String what;
    private final CountDownLatch readyOrGone = new CountDownLatch(1);
    private final AtomicLong reports = new AtomicLong();
    private volatile boolean ready;
    private volatile String lastLine = "";
    /** The first line that reads like the JVM's or main's own error report, which comes before its details. */
    private volatile String firstError;

    private ChildProcess(Process process, String what) {
        this.process = process;
        this.what = what;
    }

    /** Starts {@code java <jvmOptions> -cp <this class path> <mainClass> <args>}. */
    static ChildProcess launch(Class<?> mainClass, List<String> jvmOptions, List<String> args) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(args);
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new TactusException("The background load could not start a child JVM (" + e.getMessage()
                    + "); check that " + java + " exists and can be run.", e);
        }
        ChildProcess child = new ChildProcess(process, mainClass.getSimpleName());
        Thread reader = new Thread(child::readOutput, "tactus-load-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        return child;
    }

    /** Waits until the child has said it runs; throws, naming the child's last words, if it did not. */
    void awaitReady(Duration timeout) throws InterruptedException {
        if (!readyOrGone.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TactusException("The background load process " + what + " did not start within "
                    + timeout.toSeconds() + " s; the machine may be overloaded.");
        }
        if (!ready) {
            process.waitFor(1, TimeUnit.SECONDS);
            String status = process.isAlive() ? "closed its output" : "exited with status " + process.exitValue();
            throw new TactusException("The background load process " + what + " " + status
                    + " before it was ready: " + (firstError != null ? firstError : lastLine));
        }
    }

    long pid() {
        return process.pid();
    }

    /** Lines the child printed after {@value #READY}: compile rounds for {@link CompileLoop}. */
    long reports() {
        return reports.get();
    }

    String lastLine() {
        return lastLine;
    }

    /**
     * Stops the children and everything they started: SIGTERM to all, up to {@code grace} for them to
     * exit, then SIGKILL to what is left. Descendants are listed first, since a dead parent's children
     * are re-parented and can no longer be found from it. Returns the processes that survived SIGKILL.
     */
    static List<ProcessHandle> stop(List<ChildProcess> children, Duration grace) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>();
        for (ChildProcess child : children) {
            child.process.descendants().forEach(all::add);
            all.add(child.process.toHandle());
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        awaitExit(all, deadline);
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        awaitExit(all, System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
        for (ChildProcess child : children) {
            try {
                child.process.getOutputStream().close();
            } catch (IOException e) {
                // the child is gone; its stdin pipe has nothing left to say
            }
        }
        return all.stream().filter(ProcessHandle::isAlive).toList();
    }

    private static void awaitExit(List<ProcessHandle> processes, long deadlineNanos) throws InterruptedException {
        for (ProcessHandle p : processes) {
            long left = deadlineNanos - System.nanoTime();
            try {
                if (left > 0) {
                    p.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            } catch (ExecutionException | TimeoutException e) {
                return;
            }
        }
    }

    private void readOutput() {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (!ready && line.equals(READY)) {
                    ready = true;
                    readyOrGone.countDown();
                    continue;
                }
                if (firstError == null && (line.startsWith("Error") || line.startsWith("Exception"))) {
                    firstError = line;
                }
                lastLine = line;
                if (ready) {
                    reports.incrementAndGet(); // after the line: a reader that sees the count sees the line
                }
            }
        } catch (IOException e) {
            lastLine = "(output unreadable: " + e.getMessage() + ")";
        } finally {
            readyOrGone.countDown();
        }
    }
}
