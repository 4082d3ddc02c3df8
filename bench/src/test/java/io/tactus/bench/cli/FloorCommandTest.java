package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FloorCommandTest {

    @Test
    void shouldPrintTheFloorBlockOfAOneSecondRun() {
        String out = run("floor", "--seconds", "1", "--sched", "other");
        assertTrue(out.contains("Floor Seconds . . . . . . . . :     1"), out);
        assertTrue(out.contains("Floor Delay Count (>1000us) . :"), out);
        assertTrue(out.contains("clock_nanosleep to each period"), out);
    }

    @Test
    void shouldSayInOneSentenceWhatIsWrongWithTheWait() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertEquals(1, TactusMain.execute("floor", "--seconds", "1", "--wait", "spin"));
        } finally {
            System.setErr(err);
        }
        assertEquals("tactus: --wait must be nanosleep or park, not 'spin'",
                captured.toString(StandardCharsets.UTF_8).trim());
    }

    private static String run(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, TactusMain.execute(args));
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
