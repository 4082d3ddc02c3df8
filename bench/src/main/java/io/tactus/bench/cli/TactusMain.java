package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tactus} command line. Errors a user can cause are one sentence on standard error and a
 * non-zero exit, never a stack trace.
 */
@Command(name = "tactus", mixinStandardHelpOptions = true, version = "tactus 0.1.0",
        description = "A JACK-like realtime audio graph server for the JVM.",
        subcommands = {ServerCommand.class, StressCommand.class, MatrixCommand.class, DegradeCommand.class,
                LspCommand.class, EvmonCommand.class, ConnectCommand.class, DisconnectCommand.class, StatusCommand.class,
                TopCommand.class, TransportCommand.class, ClientCommand.class, ClasspathCommand.class, DevicesCommand.class,
                FloorCommand.class, SoakCommand.class, IdleCheckCommand.class, BufsizeCommand.class, FreewheelCommand.class,
                AliasCommand.class, PropertyCommand.class, RunCommand.class, CompareCommand.class})
public final class TactusMain implements Runnable {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new TactusMain());
        // `tactus run PROGRAM ARGS...`: everything from PROGRAM on is the program's, options included.
        cli.getSubcommands().get("run").setStopAtPositional(true);
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            Throwable cause = e instanceof TactusException ? e : e.getCause() instanceof TactusException ? e.getCause() : e;
            if (cause instanceof TactusException || cause instanceof IllegalArgumentException) {
                commandLine.getErr().println("tactus: " + cause.getMessage());
                return 1;
            }
            throw e;
        });
        // A mistyped command line is one sentence too, with where to look, not the whole usage text.
        cli.setParameterExceptionHandler((e, parsed) -> {
            e.getCommandLine().getErr().println("tactus: " + e.getMessage() + " (see '"
                    + e.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
