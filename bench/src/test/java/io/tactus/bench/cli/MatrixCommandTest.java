package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixCommandTest {

    private static String errorOf(String... args) {
        CommandRun run = CommandRun.of(args);
        assertEquals(1, run.code(), "a mistake exits 1");
        assertEquals("", run.out());
        return run.err().trim();
    }

    @Test
    void shouldRejectBadOptionsWithOneSentenceBeforeRunningAnything() {
        assertEquals("tactus: --sched takes a comma list of fifo, rr, deadline, nice-20 and other, not 'batch'",
                errorOf("matrix", "--sched", "fifo,batch"));
        assertEquals("tactus: --load must be none, cpu or compile, not 'tea'", errorOf("matrix", "--load", "tea"));
        assertEquals("tactus: --seconds must be at least 1, not 0", errorOf("matrix", "--seconds", "0"));
        assertEquals("tactus: --runs must be from 1 to 100, not 0", errorOf("matrix", "--runs", "0"));
        assertEquals("tactus: --dl-budget must be a percentage from 1 to 100, not 0", errorOf("matrix", "--dl-budget", "0"));
        assertEquals("tactus: --priority must be from 1 to 99, not 100", errorOf("matrix", "--priority", "100"));
        assertEquals("tactus: --connect must be none or chain, not 'ring'", errorOf("matrix", "--connect", "ring"));
        assertEquals("tactus: --sched needs at least one value", errorOf("matrix", "--sched", ","));
        assertEquals("tactus: frames per period must be a power of two from 16 to 4096, not 100",
                errorOf("matrix", "--frames", "100"));
    }

    @Test
    void shouldSayWhenTheOutputDirectoryIsAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertEquals("tactus: " + file + " exists and is not a directory; choose another with --out",
                errorOf("matrix", "--out", file.toString()));
    }

    @Test
    void shouldRunATinyMatrixPrintBothViewsAndWriteBothFiles(@TempDir Path dir) throws Exception {
        CommandRun run = CommandRun.of("matrix", "--sched", "other,nice-20", "--load", "none", "--seconds", "1", "--warmup", "0",
                "--clients", "2", "--out", dir.toString());

        assertEquals(0, run.code(), run.err());
        List<String> out = run.out().lines().toList();
        assertTrue(out.get(0).startsWith("run  configuration  xruns"), run.out());
        assertTrue(out.get(2).matches("\\s+1  other\\s+\\d+.*SCHED_OTHER nice 0"), run.out());
        assertTrue(run.out().contains("============= nice(-20) ==============\n...nice-20...\nDelay Maximum . . . . . . . . : "),
                run.out());
        assertTrue(run.out().indexOf("nice(-20) ====") < run.out().indexOf("SCHED_OTHER ===="), "nice(-20) before SCHED_OTHER");
        assertTrue(run.out().contains("...other...\nDelay Maximum . . . . . . . . : "), run.out());
        assertTrue(run.err().contains("[1/2] SCHED_OTHER nice 0, 1 s"), run.err());
        assertTrue(run.err().contains("[2/2] nice-20: delay max "), run.err());

        List<String> csv = Files.readAllLines(dir.resolve("matrix.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(1).startsWith("1,other,SCHED_OTHER,none,1,ok,SCHED_OTHER nice 0,"), csv.get(1));
        assertTrue(csv.get(2).startsWith("2,nice-20,nice(-20),none,1,"), csv.get(2));
        assertNotNull(ImageIO.read(dir.resolve("matrix.png").toFile()), "matrix.png decodes");
    }
}
