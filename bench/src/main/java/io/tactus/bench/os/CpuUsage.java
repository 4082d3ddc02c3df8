package io.tactus.bench.os;

/**
 * A run's system-wide CPU figures from two {@link ProcStat} snapshots: each column's share of all CPU
 * time in percent, and interrupt and context-switch rates per second.
 */
public record CpuUsage(double user, double nice, double system, double iowait, double irq, double softirq,
                       double steal, double interruptRate, double contextSwitchRate) {

    public static final CpuUsage UNKNOWN = new CpuUsage(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public static CpuUsage between(ProcStat before, ProcStat after) {
        if (before == null || after == null) {
            return UNKNOWN;
        }
        double ticks = Math.max(1, after.total() - before.total());
        double seconds = Math.max(1e-9, (after.takenAtNanos() - before.takenAtNanos()) / 1e9);
        return new CpuUsage(
                100 * (after.user() - before.user()) / ticks,
                100 * (after.nice() - before.nice()) / ticks,
                100 * (after.system() - before.system()) / ticks,
                100 * (after.iowait() - before.iowait()) / ticks,
                100 * (after.irq() - before.irq()) / ticks,
                100 * (after.softirq() - before.softirq()) / ticks,
                100 * (after.steal() - before.steal()) / ticks,
                (after.interrupts() - before.interrupts()) / seconds,
                (after.contextSwitches() - before.contextSwitches()) / seconds);
    }
}
