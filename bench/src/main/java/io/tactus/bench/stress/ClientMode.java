package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.server.control.ControlServer;

import java.util.Locale;

/**
 * Where the stress test's clients run: {@code inproc} on the engine thread (no copy, no wake-up), or
 * {@code process}, each in a JVM of its own joined over the control socket and woken by futex each cycle,
 * the engine waiting for its answer; or {@code process-async}, the same JVMs but the engine does not wait at
 * the trigger (JACK2's default): each client has a whole period, and its outputs reach the graph a period
 * later.
 */
public enum ClientMode {
    INPROC, PROCESS, PROCESS_ASYNC;

    public static ClientMode parse(String text) {
        for (ClientMode mode : values()) {
            if (mode.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return mode;
            }
        }
        throw new TactusException("--client-mode must be inproc, process or process-async, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Clients in JVMs of their own, over the control socket. */
    public boolean isProcess() {
        return this != INPROC;
    }

    /** How the server times the clients' cycles; only for {@link #isProcess()} modes. */
    public ControlServer.Timing timing() {
        return this == PROCESS_ASYNC ? ControlServer.Timing.ASYNC : ControlServer.Timing.SYNC;
    }
}
