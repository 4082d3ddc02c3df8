package io.tactus.api;

/** Told once, on a normal thread, when the server stops running this client and why. */
@FunctionalInterface
public interface ShutdownCallback {

    /** {@code reason} is a sentence, e.g. "server stopped" or "evicted by watchdog: 3 overruns of 1.9 ms". */
    void clientShutdown(String reason);
}
