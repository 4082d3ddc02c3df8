package io.tactus.server.os;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The writes that move the kernel to a new global RT budget in an order the kernel accepts at every
 * step. The kernel (kernel/sched/rt.c, {@code tg_rt_schedulable}) refuses with EINVAL any write after
 * which a group's share exceeds the global share, or its children's shares add up to more than its own.
 * So groups that shrink go first, children before their parent, then the sysctl, then the groups that
 * grow, parent before children. Every intermediate state is valid, so undoing the writes in reverse order
 * is valid too.
 *
 * <p>Children are only touched when they no longer fit: if their shares add up to more than their
 * parent's new share, each is scaled down by the same factor.
 */
final class RtLimitPlan {

    /** The kernel's fixed-point unit for bandwidth ratios ({@code BW_SHIFT}). */
    private static final int BW_SHIFT = 20;

    private RtLimitPlan() {
    }

    /**
     * @param root the root cpu cgroup, or null without RT group scheduling (cgroup v2, or not configured)
     */
    static List<RtWrite> plan(Path sysctlRuntime, long runtimeUs, long periodUs, long targetUs, RtGroup root) {
        List<RtWrite> shrinking = new ArrayList<>();
        List<RtWrite> growing = new ArrayList<>();
        if (root != null) {
            fit(root, targetUs * root.periodUs() / periodUs, shrinking, growing);
        }
        List<RtWrite> writes = new ArrayList<>(shrinking);
        if (runtimeUs != targetUs) {
            writes.add(new RtWrite(sysctlRuntime, runtimeUs, targetUs));
        }
        writes.addAll(growing);
        return List.copyOf(writes);
    }

    /** Gives {@code group} the runtime {@code newRuntimeUs}, shrinking its children first where needed. */
    private static void fit(RtGroup group, long newRuntimeUs, List<RtWrite> shrinking, List<RtWrite> growing) {
        if (newRuntimeUs == group.runtimeUs()) {
            return;
        }
        if (newRuntimeUs > group.effectiveRuntimeUs()) {
            // The children fit under the old, smaller value, so they fit under this one.
            growing.add(new RtWrite(group.runtimeFile(), group.runtimeUs(), newRuntimeUs));
            return;
        }
        long budget = ratio(group.periodUs(), newRuntimeUs);
        List<RtGroup> children = group.children();
        long sum = 0;
        for (RtGroup child : children) {
            sum += ratio(child.periodUs(), child.effectiveRuntimeUs());
        }
        if (sum > budget) {
            long[] scaled = new long[children.size()];
            for (int i = 0; i < scaled.length; i++) {
                scaled[i] = children.get(i).effectiveRuntimeUs() * budget / sum;
            }
            shaveUntilFit(children, scaled, budget);
            for (int i = 0; i < scaled.length; i++) {
                fit(children.get(i), scaled[i], shrinking, growing);
            }
        }
        shrinking.add(new RtWrite(group.runtimeFile(), group.runtimeUs(), newRuntimeUs));
    }

    /** Takes the kernel's rounding into account: trims the largest child a microsecond at a time. */
    private static void shaveUntilFit(List<RtGroup> children, long[] runtimes, long budget) {
        while (true) {
            long sum = 0;
            int largest = 0;
            for (int i = 0; i < runtimes.length; i++) {
                sum += ratio(children.get(i).periodUs(), runtimes[i]);
                if (runtimes[i] > runtimes[largest]) {
                    largest = i;
                }
            }
            if (sum <= budget || runtimes[largest] == 0) {
                return;
            }
            runtimes[largest]--;
        }
    }

    /** The kernel's {@code to_ratio(period, runtime)}. */
    static long ratio(long periodUs, long runtimeUs) {
        if (runtimeUs < 0) {
            return 1L << BW_SHIFT;
        }
        return periodUs == 0 ? 0 : (runtimeUs << BW_SHIFT) / periodUs;
    }
}
