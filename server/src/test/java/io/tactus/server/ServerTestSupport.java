package io.tactus.server;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;

import java.util.concurrent.atomic.AtomicInteger;

/** Settings for servers started by tests: unique names, dummy driver, short warm-up (their waits: io.tactus.testing.Poll). */
public final class ServerTestSupport {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private ServerTestSupport() {
    }

    static ServerSettings settings(SchedulingSettings scheduling) {
        return ServerSettings.defaults()
                .withName("test-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(scheduling);
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
