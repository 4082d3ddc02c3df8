package io.tactus.server.control;

import io.tactus.server.TactusServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One server for a test class: a {@link RecordingDriver} (capture 0.25) and the control socket in a runtime
 * directory of its own, timed as asked. Register it as a static {@code @RegisterExtension} field: it starts
 * before the class's first test (a start warms the JIT for seconds, so the tests share it) and closes after
 * the last, then lets go of the server, whose ~100 MB of telemetry records a static field would otherwise
 * keep for the whole run.
 */
final class ServedControl implements BeforeAllCallback, AfterAllCallback {

    private final ControlServer.Timing timing;
    private Path directory;
    private RecordingDriver driver;
    private TactusServer server;
    private ControlServer control;

    ServedControl(ControlServer.Timing timing) {
        this.timing = timing;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        directory = Files.createTempDirectory("tactus-control-test");
        driver = new RecordingDriver(2, 0.25f);
        server = ControlTestSupport.startServer(driver);
        control = ControlTestSupport.startControl(server, directory.resolve("rt"), timing);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            ControlTestSupport.stop(control, server);
        } finally {
            control = null;
            server = null;
            driver = null;
            deleteTree(directory);
        }
    }

    RecordingDriver driver() {
        return driver;
    }

    TactusServer server() {
        return server;
    }

    ControlServer control() {
        return control;
    }

    private static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
