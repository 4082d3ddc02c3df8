package io.tactus.bench.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A snapshot of the system-wide counters in {@code /proc/stat}: the aggregate CPU line (in clock
 * ticks), the interrupt total and the context-switch total. Two snapshots give a run's CPU figures.
 */
public record ProcStat(long user, long nice, long system, long idle, long iowait, long irq, long softirq,
                       long steal, long interrupts, long contextSwitches, long takenAtNanos) {

    static final Path PROC_STAT = Path.of("/proc/stat");

    /** Reads {@code /proc/stat}; returns null where there is none (not Linux). */
    public static ProcStat read() {
        try {
            return parse(Files.readAllLines(PROC_STAT), System.nanoTime());
        } catch (IOException e) {
            return null;
        }
    }

    public static ProcStat parse(List<String> lines, long takenAtNanos) {
        long[] cpu = new long[8];
        long intr = 0;
        long ctxt = 0;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu")) {
                for (int i = 0; i < cpu.length && i + 1 < f.length; i++) {
                    cpu[i] = Long.parseLong(f[i + 1]);
                }
            } else if (f[0].equals("intr")) {
                intr = Long.parseLong(f[1]);
            } else if (f[0].equals("ctxt")) {
                ctxt = Long.parseLong(f[1]);
            }
        }
        return new ProcStat(cpu[0], cpu[1], cpu[2], cpu[3], cpu[4], cpu[5], cpu[6], cpu[7], intr, ctxt, takenAtNanos);
    }

    long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }
}
