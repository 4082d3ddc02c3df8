package io.tactus.clients;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;

import java.util.concurrent.atomic.AtomicInteger;

/** Servers for the clients' tests, each with a name of its own so that tests never meet each other's. */
public final class TestServers {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private TestServers() {
    }

    /** A dummy-driver server at 48 kHz and 64 frames, normal scheduling, a 300-cycle warm-up. */
    public static TactusServer dummy(String prefix) {
        return TactusServer.start(ServerSettings.defaults()
                .withName(prefix + "-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0)));
    }
}
