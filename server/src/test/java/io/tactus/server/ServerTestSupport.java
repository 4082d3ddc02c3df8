package io.tactus.server;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;

import java.util.concurrent.atomic.AtomicInteger;

/** Settings for servers started by tests: unique names, dummy driver, short warm-up. */
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

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
