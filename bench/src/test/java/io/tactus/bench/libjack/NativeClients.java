package io.tactus.bench.libjack;

import io.tactus.bench.cli.NativeLibrary;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Native processes a test starts through Tactus's libjack (LD_LIBRARY_PATH, JACK_DEFAULT_SERVER and the
 * runtime directory set): each one's stdout kept line by line for the test to wait on, stderr passed to the
 * test's. Closing stops every process still running (SIGTERM, then SIGKILL), also when the test failed.
 */
final class NativeClients implements AutoCloseable {

    private final String server;
    private final Path runtimeDirectory;
    private final NativeLibrary library = NativeLibrary.locate();
    private final List<Started> started = new ArrayList<>();

    record Started(Process process, List<String> lines, Thread reader) {
        /** The first line starting with {@code prefix}, waiting up to {@code seconds} for it. */
        Optional<String> awaitLine(String prefix, long seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() - end < 0) {
                for (String line : lines) {
                    if (line.startsWith(prefix)) {
                        return Optional.of(line);
                    }
                }
                if (!process.isAlive()) {
                    reader.join(5_000); // the last lines may still be on their way
                    return lines.stream().filter(l -> l.startsWith(prefix)).findFirst();
                }
                Thread.sleep(10);
            }
            return Optional.empty();
        }

        String output() {
            return String.join("\n", lines);
        }
    }

    NativeClients(String server, Path runtimeDirectory) {
        this.server = server;
        this.runtimeDirectory = runtimeDirectory;
    }

    Path program(String name) {
        return library.program(name);
    }

    /** The directory of libjack.so.0 and libjack.so (native/target/lib); one sentence when it is not built. */
    Path libraryDirectory() {
        return library.requireBuilt();
    }

    static boolean installed(String program) {
        return Files.isExecutable(Path.of("/usr/bin", program));
    }

    Started start(String... command) throws IOException {
        return start(Map.of(), command);
    }

    Started start(Map<String, String> extraEnvironment, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> env = builder.environment();
        env.put("LD_LIBRARY_PATH", library.requireBuilt().toString());
        env.put("JACK_DEFAULT_SERVER", server);
        env.put("TACTUS_RUNTIME_DIR", runtimeDirectory.toString());
        env.putAll(extraEnvironment);
        Process process = builder.start();
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException ended) {
                // the process is gone; its lines so far are kept
            }
        }, "native-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        Started s = new Started(process, lines, reader);
        started.add(s);
        return s;
    }

    /** Runs a program to its end (at most 20 s) and returns it, lines read. */
    Started run(String... command) throws IOException, InterruptedException {
        Started s = start(command);
        if (!s.process().waitFor(20, TimeUnit.SECONDS)) {
            s.process().destroyForcibly();
        }
        s.reader().join(5_000);
        return s;
    }

    @Override
    public void close() throws InterruptedException {
        for (Started s : started) {
            s.process().destroy();
        }
        for (Started s : started) {
            if (!s.process().waitFor(5, TimeUnit.SECONDS)) {
                s.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
