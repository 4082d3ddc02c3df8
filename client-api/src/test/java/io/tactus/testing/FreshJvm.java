package io.tactus.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scenario's {@code main} in a JVM of its own, for what one test JVM cannot show because other tests ran the code
 * first (a first compilation, a first deoptimisation). {@code -Xbatch}: every compilation ends before the call that
 * asked for it returns, so on a loaded machine no compiled version arrives late; the scenario class itself is never
 * compiled, so no compiled code of the test runs for the first time while it measures.
 */
public final class FreshJvm {

    private FreshJvm() {
    }

    /** Runs {@code scenario.main(args)} on the test's class path; returns its output once it ended with status 0. */
    public static String run(Class<?> scenario, long timeoutSeconds, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xbatch", "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude," + scenario.getName() + "::*",
                "-cp", System.getProperty("java.class.path"), scenario.getName()));
        command.addAll(List.of(args));
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            assertTrue(jvm.waitFor(timeoutSeconds, TimeUnit.SECONDS), "the scenario ended");
            String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(0, jvm.exitValue(), output);
            return output;
        } finally {
            jvm.destroyForcibly();
        }
    }
}
