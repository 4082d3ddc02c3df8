package io.tactus.api;

import java.util.Objects;

/**
 * How to open a client: which server to join, how much the client matters when the server must shed
 * load, and how many cycles a client in another process rehearses before it joins the graph. Defaults
 * match JACK's: the server named {@value #DEFAULT_SERVER}, every client {@link ClientPriority#NORMAL}, no
 * rehearsal, no server started when none runs, and a name that is taken made unique with a suffix
 * ({@code name-01}, {@code name-02}..., as {@code jack_client_open} does without {@code JackUseExactName}):
 * {@link #withExactName} refuses it instead. {@link TactusClient#name()} says the name the client got.
 *
 * <p>Rehearsal is the JVM's part of joining a realtime graph: a fresh JVM runs a callback interpreted, tens
 * of times slower than once its JIT has compiled it, and the JIT's threads are not realtime, so on a machine
 * the graph already keeps busy they may not get the CPU to compile it for a long while. With
 * {@link #withRehearsal} the client's process thread, still at normal priority, runs its cycle that many
 * times at {@code activate()} before it turns realtime: the inputs read as silence and the outputs are
 * published to nobody. Only for a callback that may run without being heard (no position that moves, no
 * file written); clients in the server's own JVM ignore it, the engine's warm-up covers them.
 */
public record ClientOptions(String serverName, ClientPriority priority, int rehearsalCycles, boolean useExactName) {

    public static final String DEFAULT_SERVER = "default";
    /** The most cycles a client may rehearse: about half a minute of interpreted work at worst. */
    public static final int MAX_REHEARSAL_CYCLES = 100_000;

    public ClientOptions {
        Objects.requireNonNull(serverName, "serverName");
        Objects.requireNonNull(priority, "priority");
        if (rehearsalCycles < 0 || rehearsalCycles > MAX_REHEARSAL_CYCLES) {
            throw new TactusException("a client rehearses from 0 to " + MAX_REHEARSAL_CYCLES + " cycles, not "
                    + rehearsalCycles);
        }
    }

    public ClientOptions(String serverName, ClientPriority priority) {
        this(serverName, priority, 0, false);
    }

    public ClientOptions(String serverName, ClientPriority priority, int rehearsalCycles) {
        this(serverName, priority, rehearsalCycles, false);
    }

    public static ClientOptions defaults() {
        return new ClientOptions(DEFAULT_SERVER, ClientPriority.NORMAL, 0, false);
    }

    public ClientOptions withServer(String name) {
        return new ClientOptions(name, priority, rehearsalCycles, useExactName);
    }

    public ClientOptions withPriority(ClientPriority priority) {
        return new ClientOptions(serverName, priority, rehearsalCycles, useExactName);
    }

    /** A client in another process runs its callback {@code cycles} times, unheard, before it turns realtime. */
    public ClientOptions withRehearsal(int cycles) {
        return new ClientOptions(serverName, priority, cycles, useExactName);
    }

    /** A taken name is refused in one sentence instead of made unique ({@code JackUseExactName}). */
    public ClientOptions withExactName() {
        return new ClientOptions(serverName, priority, rehearsalCycles, true);
    }
}
