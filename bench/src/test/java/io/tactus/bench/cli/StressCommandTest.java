package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;


import static io.tactus.bench.cli.CommandRun.errorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StressCommandTest {

    @Test
    void shouldRejectBadOptionsWithOneSentence() {
        assertEquals("tactus: frames per period must be a power of two from 16 to 4096, not 100",
                errorOf("stress", "--frames", "100"));
        assertEquals("tactus: sample rate 12345 Hz is not supported; choose one of 22050, 32000, 44100, 48000, 88200, "
                + "96000, 176400, 192000", errorOf("stress", "--rate", "12345"));
        assertEquals("tactus: --connect must be none or chain, not 'ring'", errorOf("stress", "--connect", "ring"));
        assertEquals("tactus: --clients must be from 1 to 200, not 0", errorOf("stress", "--clients", "0"));
        assertTrue(errorOf("stress", "--sched", "batch").startsWith("tactus: "), "unknown policy");
        assertEquals("tactus: --load must be none, cpu or compile, not 'tea'", errorOf("stress", "--load", "tea"));
        assertEquals("tactus: --stagger must be from 0 to 3600 seconds, not -1", errorOf("stress", "--stagger", "-1"));
    }

    @Test
    void shouldRefuseAClientModeItDoesNotKnow() {
        assertEquals("tactus: --client-mode must be inproc, process, process-async, jack or jack-async, not 'thread'",
                errorOf("stress", "--client-mode", "thread"));
        assertEquals("tactus: --stagger works with --client-mode inproc only; clients in their own processes all join before the warm-up",
                errorOf("stress", "--client-mode", "process-async", "--stagger", "2"));
        assertEquals("tactus: --stagger works with --client-mode inproc only; clients in their own processes all join before the warm-up",
                errorOf("stress", "--client-mode", "process", "--stagger", "2"));
    }

    @Test
    void shouldSayInOneSentenceWhatIsWrongWithADegradationOption() {
        assertEquals("tactus: --watchdog must be none, jack, evict, bypass or governor, not 'kill'", errorOf("stress", "--watchdog", "kill"));
        assertEquals("tactus: --hog-pattern must be steady, ramp or burst, not 'zigzag'", errorOf("stress", "--hogs", "1", "--hog-pattern", "zigzag"));
        assertEquals("tactus: --hogs must be from 0 to 50, not -1", errorOf("stress", "--hogs", "-1"));
        assertEquals("tactus: --rt-limit must be from 5 to 100 percent, not 2.0", errorOf("stress", "--rt-limit", "2"));
        assertEquals("tactus: --low and --high must be 0 or more and together at most --clients (20), not 15 and 10",
                errorOf("stress", "--low", "15", "--high", "10"));
        assertEquals("tactus: --strikes must be from 1 to 1000, not 0", errorOf("stress", "--strikes", "0"));
        assertEquals("tactus: --scenario must be hog or rtlimit, not 'fire'", errorOf("degrade", "--scenario", "fire"));
    }

    @Test
    void shouldRunAShortStressAndPrintTheWholeBlock() {
        CommandRun run = CommandRun.of("stress", "--clients", "3", "--seconds", "2", "--warmup", "1", "--sched",
                "other");
        int code = run.code();
        String report = run.out();
        assertEquals(0, code, report);
        for (String label : new String[]{"Total seconds ran . . . . . . :     2", "Number of clients . . . . . . :     3",
                "XRUN Count  . . . . . . . . . :", "Average DSP Load. . . . . . . :", "Scheduling Policy . . . . . . : SCHED_OTHER",
                "Clients Alive at End  . . . . :     3", "RT Allocated Bytes  . . . . . :", "Average CPU Steal Load  . . . :"}) {
            assertTrue(report.contains(label), "missing '" + label + "' in\n" + report);
        }
    }
}
