package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code tactus transport}: a running server's transport from the command line, as JACK's
 * {@code jack_transport} and {@code jack_showtime}: print it, start, stop, locate it, set the server's own
 * tempo, or watch state, frame and BBT live. Each is one request over the control socket, applied by the
 * engine at the start of a later cycle.
 */
@Command(name = "transport", mixinStandardHelpOptions = true,
        description = "Shows or moves a running server's transport: status, start, stop, locate FRAME, tempo BPM, watch.")
public final class TransportCommand {

    /** How often {@code watch} asks, as jack_showtime prints. */
    static final int DEFAULT_INTERVAL_MILLIS = 100;

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Prints the transport's state, frame, time and BBT.")
    int status(@Mixin ServerOption server) {
        try (RemoteTactusClient client = server.connect("transport")) {
            print(format(client.transportReport()));
        }
        return 0;
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Starts the transport rolling.")
    int start(@Mixin ServerOption server) {
        return request(server, "start", 0, 0);
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stops the transport where it is.")
    int stop(@Mixin ServerOption server) {
        return request(server, "stop", 0, 0);
    }

    @Command(name = "locate", mixinStandardHelpOptions = true, description = "Moves the transport to frame FRAME.")
    int locate(@Mixin ServerOption server, @Parameters(paramLabel = "FRAME", description = "the frame, 0 or more") long frame) {
        if (frame < 0) {
            throw new TactusException("cannot locate the transport to frame " + frame + "; a frame is 0 or more");
        }
        return request(server, "locate", frame, 0);
    }

    @Command(name = "tempo", mixinStandardHelpOptions = true,
            description = "Sets the server's own tempo (4/4), which gives BBT while no client is the timebase master.")
    int tempo(@Mixin ServerOption server, @Parameters(paramLabel = "BPM", description = "beats per minute") double bpm) {
        return request(server, "tempo", 0, bpm);
    }

    @Command(name = "watch", mixinStandardHelpOptions = true,
            description = "Prints state, frame and BBT live, one line per refresh, as jack_showtime. Ctrl-C ends it.")
    int watch(@Mixin ServerOption server,
              @Option(names = {"-n", "--iterations"}, defaultValue = "0",
                      description = "stop after N lines (default ${DEFAULT-VALUE}: until Ctrl-C)") int iterations,
              @Option(names = "--interval-ms", defaultValue = "" + DEFAULT_INTERVAL_MILLIS,
                      description = "milliseconds between lines (default ${DEFAULT-VALUE})") int intervalMillis)
            throws InterruptedException {
        if (iterations < 0) {
            throw new TactusException("--iterations must be 0 (until Ctrl-C) or more, not " + iterations);
        }
        if (intervalMillis < 1) {
            throw new TactusException("--interval-ms must be 1 or more, not " + intervalMillis);
        }
        try (RemoteTactusClient client = server.connect("transport")) {
            for (int i = 0; iterations == 0 || i < iterations; i++) {
                if (i > 0) {
                    Thread.sleep(intervalMillis);
                }
                print(line(client.transportReport()) + "\n");
            }
        }
        return 0;
    }

    private static int request(ServerOption server, String action, long frame, double bpm) {
        try (RemoteTactusClient client = server.connect("transport")) {
            client.transportRequest(action, frame, bpm);
        }
        return 0;
    }

    /** The report's {@code Label . . . : value} lines. */
    static String format(Reply.TransportReport r) {
        StringBuilder out = new StringBuilder();
        row(out, "Transport State", r.state());
        row(out, "Frame", Long.toString(r.frame()));
        row(out, "Time", r.frameRate() <= 0 ? "unknown"
                : String.format(Locale.ROOT, "%.3f s", (double) r.frame() / r.frameRate()));
        row(out, "BBT", r.bbtValid() ? bbt(r) : "none (no timebase master, no tempo set)");
        if (r.bbtValid()) {
            row(out, "Tempo", String.format(Locale.ROOT, "%.2f bpm", r.beatsPerMinute()));
            row(out, "Meter", String.format(Locale.ROOT, "%s/%s", number(r.beatsPerBar()), number(r.beatType())));
        }
        return out.toString();
    }

    /** One line of {@code watch}. */
    static String line(Reply.TransportReport r) {
        return String.format(Locale.ROOT, "%-8s frame %12d", r.state(), r.frame())
                + (r.bbtValid() ? String.format(Locale.ROOT, "   BBT %s   %.2f bpm", bbt(r), r.beatsPerMinute()) : "");
    }

    private static String bbt(Reply.TransportReport r) {
        return String.format(Locale.ROOT, "%d|%d|%04d", r.bar(), r.beat(), r.tick());
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static void row(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }

    private static void print(String text) {
        PrintStream out = System.out;
        out.print(text);
        out.flush();
    }
}
