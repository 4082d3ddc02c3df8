package io.tactus.bench.compare;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One window of one server, as the same native clients saw it (their summaries), beside the server's own xrun
 * count: jackd's log on JACK2, the engine's XRUN Count on Tactus. With Java process clients on Tactus, which print no
 * summary, the figures of the measuring client are the engine's own ({@code engine}).
 *
 * @param system        "JACK2" or "Tactus"
 * @param clientsAsked  the jack_test3 clients started
 * @param clientsJoined those that joined the server
 * @param summaries     the summaries of the clients that were alive at the window's end, in client order
 * @param serverXruns   the server's own count of xruns in the window
 * @param stealFree     the window's seconds in which the host took no CPU time, and the server's xruns in them
 * @param engine        the engine's own figures where no client measured the server, else null
 * @param rawDirectory  where the window's raw outputs are
 */
public record WindowFigures(String system, int clientsAsked, int clientsJoined, List<Jt3Summary> summaries,
                            long serverXruns, StealFreeSeconds stealFree, EngineFigures engine, String rawDirectory) {

    public WindowFigures {
        summaries = List.copyOf(summaries);
        stealFree = stealFree == null ? StealFreeSeconds.UNKNOWN : stealFree;
    }

    /** The client that measured the server (the first that did), or null when none reported. */
    public Jt3Summary measuring() {
        return summaries.stream().filter(Jt3Summary::measuredServer).findFirst().orElse(null);
    }

    /** The xrun callbacks of the client that received most: every client is told of every xrun while it is active. */
    public long xrunCallbacks() {
        return summaries.stream().mapToLong(Jt3Summary::xruns).max().orElse(0);
    }

    /** The longest process callback of any client, usecs. */
    public double processMaxMicros() {
        return summaries.stream().mapToDouble(Jt3Summary::processMaxMicros).max().orElse(Double.NaN);
    }

    /** The measuring client's cycles (else the first's, else the engine's): the graph's cycles, as one client saw them. */
    public long cycles() {
        Jt3Summary m = measuring();
        return m != null ? m.cycles() : !summaries.isEmpty() ? summaries.get(0).cycles()
                : engine != null ? engine.cycles() : 0;
    }

    /** The measuring client's window, from its SIGUSR1 to its SIGUSR2, seconds (else the engine's). */
    public double seconds() {
        return measured(Jt3Summary::seconds, EngineFigures::seconds);
    }

    public double dspLoadAvg() {
        return measured(Jt3Summary::dspLoadAvg, EngineFigures::dspLoadAvg);
    }

    public double dspLoadMax() {
        return measured(Jt3Summary::dspLoadMax, EngineFigures::dspLoadMax);
    }

    public double delayMaxMicros() {
        return measured(Jt3Summary::maxDelayedMicros, EngineFigures::delayMaxMicros);
    }

    /** The measuring client's figure, else the engine's own, else NaN. */
    private double measured(ToDoubleFunction<Jt3Summary> client, ToDoubleFunction<EngineFigures> own) {
        Jt3Summary m = measuring();
        return m != null ? client.applyAsDouble(m) : engine != null ? own.applyAsDouble(engine) : Double.NaN;
    }

    /** The largest time between two cycle starts of the measuring client (the head of the chain), usecs. */
    public double intervalMaxMicros() {
        Jt3Summary m = measuring();
        return m == null ? Double.NaN : m.intervalMaxMicros();
    }
}
