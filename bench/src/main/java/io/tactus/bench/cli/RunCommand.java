package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.ipc.RuntimeDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code tactus run PROGRAM [ARGS...]}: runs an unmodified JACK program as a Tactus client, as {@code pw-jack}
 * does for PipeWire: the program finds Tactus's libjack.so.0 first on LD_LIBRARY_PATH, and talks to the server
 * named by {@code --server} (JACK_DEFAULT_SERVER), else to the one its own options or environment name. Its exit
 * status is this command's. Everything after PROGRAM is the program's (TactusMain stops parsing there).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a JACK program against a Tactus server through Tactus's libjack (like pw-jack).")
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--server", description = "the Tactus server the program joins (sets JACK_DEFAULT_SERVER)")
    String server;

    @Parameters(arity = "1..*", paramLabel = "PROGRAM [ARGS...]", description = "the JACK program and its arguments")
    List<String> command;

    @Override
    public Integer call() throws InterruptedException {
        Path library = NativeLibrary.locate().requireBuilt();
        String program = command.get(0);
        if (resolve(program) == null) {
            throw new TactusException("no program '" + program + "' was found" + (program.contains("/") ? ""
                    : " on the PATH") + "; give its path or install it (JACK's examples: apt-get install jackd2)");
        }
        if (server != null) {
            RuntimeDirectory.requireServerName(server);
        }
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        environment(builder.environment(), library, server);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new TactusException("cannot start '" + program + "': " + e.getMessage());
        }
        try {
            return process.waitFor();
        } finally {
            process.destroy(); // only when this JVM was interrupted before the program ended
        }
    }

    /** LD_LIBRARY_PATH with the library's directory first, and JACK_DEFAULT_SERVER when a server is named. */
    static void environment(Map<String, String> env, Path library, String server) {
        String existing = env.get("LD_LIBRARY_PATH");
        env.put("LD_LIBRARY_PATH", existing == null || existing.isEmpty() ? library.toString()
                : library + File.pathSeparator + existing);
        if (server != null) {
            env.put("JACK_DEFAULT_SERVER", server);
        }
    }

    /** The executable file the program name stands for: a path, or the first match on PATH; null when none. */
    static Path resolve(String program) {
        if (program.contains("/")) {
            Path path = Path.of(program);
            return Files.isRegularFile(path) && Files.isExecutable(path) ? path : null;
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
