package io.tactus.bench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One run of the real entry point ({@link TactusMain#execute}) with standard output and error captured, for
 * the command tests; picocli's warnings and the commands' one-sentence mistakes go to standard error.
 */
record CommandRun(int code, String out, String err) {

    static CommandRun of(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = TactusMain.execute(args);
            return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** A mistake's message: asserts the run exits non-zero and returns its standard error, trimmed. */
    static String errorOf(String... args) {
        CommandRun run = of(args);
        assertTrue(run.code != 0, "a mistake exits non-zero: " + String.join(" ", args));
        return run.err.trim();
    }
}
