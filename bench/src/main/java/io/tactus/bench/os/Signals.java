package io.tactus.bench.os;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Sends a signal by PID through {@code kill(1)}: the JDK sends only TERM and KILL, and a native jack_test3 client
 * marks its measuring window with USR1 and USR2. A fork per signal, so for a window's two marks, not a loop.
 */
public final class Signals {

    private Signals() {
    }

    /** {@code kill -NAME PID}; a process already gone is not an error (the caller counts who answered). */
    public static void send(String name, long pid) throws InterruptedException {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
            }
        } catch (IOException e) {
            throw new TactusException("cannot send SIG" + name + " to process " + pid + ": " + e.getMessage());
        }
    }
}
