package io.tactus.bench.compare;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs one of JACK2's command-line tools ({@code jack_lsp}, {@code jack_connect}) against a named JACK2 server. */
final class JackTools {

    private static final int TIMEOUT_SECONDS = 10;

    private JackTools() {
    }

    /** The tool's exit status (-1 when it hung and was stopped); its output appended to {@code log}, or dropped. */
    static int run(String server, List<String> command, Path log) throws InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.redirectOutput(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.appendTo(log.toFile()));
        JackdServer.jackEnvironment(builder.environment(), server);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new TactusException("cannot run " + command.get(0) + " (JACK2's tools: apt-get install jackd2): "
                    + e.getMessage());
        }
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            return -1;
        }
        return process.exitValue();
    }
}
