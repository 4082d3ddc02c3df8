package io.tactus.server.control;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.Driver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicInteger;

/** Servers for control-socket tests: unique names, no watchdog (timeouts must not evict), realtime when root. */
final class ControlTestSupport {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private ControlTestSupport() {
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static String uniqueName() {
        return "ctl-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet();
    }

    static TactusServer startServer(Driver driver) {
        ServerSettings settings = ServerSettings.defaults()
                .withName(uniqueName())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(driver)
                .withScheduling(isRoot() ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
        return TactusServer.start(settings);
    }

    static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
