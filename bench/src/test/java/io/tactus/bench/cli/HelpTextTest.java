package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command's {@code --help}, found by walking picocli's command tree from {@code tactus}, prints its
 * usage and nothing else: picocli writes "[picocli WARN] Could not format ..." to standard error when a
 * description is not a valid format string (a bare {@code %}), and leaves a misspelt {@code ${...}} as it is.
 */
class HelpTextTest {

    @Test
    void shouldPrintEveryCommandsHelpWithoutAWarningOrAnUnresolvedVariable() {
        List<List<String>> commands = new ArrayList<>();
        collect(new CommandLine(new TactusMain()), new ArrayList<>(), commands);
        assertTrue(commands.size() > 10, "the walk found the subcommands: " + commands);

        for (List<String> command : commands) {
            List<String> args = new ArrayList<>(command);
            args.add("--help");
            CommandRun output = CommandRun.of(args.toArray(String[]::new));
            String what = "tactus " + String.join(" ", args);
            assertEquals(0, output.code(), what + " exit code; stderr: " + output.err());
            assertTrue(output.out().contains("Usage: tactus"), what + " prints its usage: " + output.out());
            assertFalse(output.err().contains("WARN") || output.out().contains("WARN"),
                    what + " printed a warning: " + output.err() + output.out());
            assertFalse(output.out().contains("${"), what + " left a variable unresolved: " + output.out());
        }
    }

    /** Negative control: a description with a bare percent sign is what makes picocli warn. */
    @Test
    void shouldSeePicocliWarnAboutABarePercentSign() {
        @CommandLine.Command(name = "broken", mixinStandardHelpOptions = true)
        class Broken implements Runnable {
            @CommandLine.Option(names = "--x", description = "about 40 % CPU")
            int x;

            @Override
            public void run() {
            }
        }
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            new CommandLine(new Broken()).usage(new PrintStream(new ByteArrayOutputStream(), true,
                    StandardCharsets.UTF_8));
        } finally {
            System.setErr(err);
        }
        assertTrue(captured.toString(StandardCharsets.UTF_8).contains("WARN"), "captured: " + captured);
    }

    private static void collect(CommandLine line, List<String> path, List<List<String>> into) {
        into.add(path);
        line.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().name().equals(name)) { // an alias would repeat the same command
                List<String> subPath = new ArrayList<>(path);
                subPath.add(name);
                collect(sub, subPath, into);
            }
        });
    }
}
