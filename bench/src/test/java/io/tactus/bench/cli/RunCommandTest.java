package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunCommandTest {

    @Test
    void shouldPutTheLibraryFirstOnTheLibraryPathAndNameTheServer() {
        Map<String, String> env = new HashMap<>(Map.of("LD_LIBRARY_PATH", "/opt/lib"));
        RunCommand.environment(env, Path.of("/x/native/target/lib"), "studio");
        assertEquals("/x/native/target/lib:/opt/lib", env.get("LD_LIBRARY_PATH"));
        assertEquals("studio", env.get("JACK_DEFAULT_SERVER"));
    }

    @Test
    void shouldLeaveTheServerToTheProgramWhenNoneIsGiven() {
        Map<String, String> env = new HashMap<>();
        RunCommand.environment(env, Path.of("/x/lib"), null);
        assertEquals("/x/lib", env.get("LD_LIBRARY_PATH"));
        assertFalse(env.containsKey("JACK_DEFAULT_SERVER"));
    }

    @Test
    void shouldFindAProgramOnThePathOrByItsPath() {
        assertNotNull(RunCommand.resolve("sh"));
        assertNotNull(RunCommand.resolve("/bin/sh"));
        assertNull(RunCommand.resolve("no-such-program-anywhere"));
        assertNull(RunCommand.resolve("/no/such/program"));
    }

    @Test
    void shouldSayInOneSentenceThatAProgramIsMissing() {
        String err = stderrOf(() -> assertEquals(1, TactusMain.execute("run", "no-such-program-anywhere")));
        assertTrue(err.startsWith("tactus: no program 'no-such-program-anywhere' was found on the PATH"), err);
        assertEquals(1, err.strip().lines().count(), err);
    }

    @Test
    void shouldSayInOneSentenceThatTheLibraryIsNotBuilt() {
        String previous = System.getProperty(NativeLibrary.DIRECTORY_PROPERTY);
        System.setProperty(NativeLibrary.DIRECTORY_PROPERTY, "/no/such/native/target");
        try {
            String err = stderrOf(() -> assertEquals(1, TactusMain.execute("run", "sh", "-c", "exit 0")));
            assertTrue(err.startsWith("tactus: Tactus's libjack is not built"), err);
            assertEquals(1, err.strip().lines().count(), err);
        } finally {
            if (previous == null) {
                System.clearProperty(NativeLibrary.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(NativeLibrary.DIRECTORY_PROPERTY, previous);
            }
        }
    }

    @Test
    void shouldPassTheProgramsExitStatusOnAndItsOptionsThrough() {
        assertEquals(7, TactusMain.execute("run", "sh", "-c", "exit 7"));
        assertEquals(0, TactusMain.execute("run", "--server", "studio", "sh", "-c",
                "test \"$JACK_DEFAULT_SERVER\" = studio"));
    }

    private static String stderrOf(Runnable action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
