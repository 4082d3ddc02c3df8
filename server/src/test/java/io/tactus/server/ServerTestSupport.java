package io.tactus.server;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Settings for servers started by tests (unique names, dummy driver, short warm-up), and the tests' waits. */
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

    /** Polls {@code condition} every 5 ms for up to {@code millis}; true once it holds. */
    public static boolean within(long millis, BooleanSupplier condition) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            sleep(5);
        }
        return condition.getAsBoolean();
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
