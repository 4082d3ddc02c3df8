package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.server.control.ControlServer;

import java.util.Locale;

/**
 * Where the stress test's clients run: {@code inproc} on the engine thread (no copy, no wake-up), or
 * {@code process}, each in a JVM of its own joined over the control socket, the clients waking each other
 * through the server's graph segment within the cycle; or {@code process-async}, the same JVMs on an
 * asynchronous graph (JACK2's default): the graph has a whole period, and every path through it is one
 * period late; or {@code jack}, each the native {@code tactus_jt3} joined through Tactus's libjack, as the
 * synchronous {@code process} (the same binary {@code tactus compare jackd} runs on JACK2); or {@code jack-async},
 * those on the asynchronous graph.
 */
public enum ClientMode {
    INPROC, PROCESS, PROCESS_ASYNC, JACK, JACK_ASYNC;

    public static ClientMode parse(String text) {
        for (ClientMode mode : values()) {
            if (mode.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return mode;
            }
        }
        throw new TactusException("--client-mode must be inproc, process, process-async, jack or jack-async, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Native JACK clients through Tactus's libjack. */
    public boolean isNative() {
        return this == JACK || this == JACK_ASYNC;
    }

    /** Clients in processes of their own (JVMs, or native with {@link #JACK}), over the control socket. */
    public boolean isProcess() {
        return this != INPROC;
    }

    /** How the server times the clients' cycles; only for {@link #isProcess()} modes. */
    public ControlServer.Timing timing() {
        return this == PROCESS_ASYNC || this == JACK_ASYNC ? ControlServer.Timing.ASYNC : ControlServer.Timing.SYNC;
    }
}
