package io.tactus.server;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.sleep;

/** For allocation tests: waits until the JIT is quiet before a measurement window opens. */
public final class JitQuiet {

    private JitQuiet() {
    }

    /**
     * Waits (at most 10 s) until the JIT has compiled nothing for half a second. Compiling and
     * deoptimising can cost the thread that runs into them a one-off allocation of a few hundred bytes
     * (see the engine's warm-up); these tests hold the code's own path to zero, so they measure after
     * the compiler has settled.
     */
    public static void await() {
        var compiler = ManagementFactory.getCompilationMXBean();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long last = compiler.getTotalCompilationTime();
        long quietSince = System.nanoTime();
        while (System.nanoTime() < end && System.nanoTime() - quietSince < 500_000_000L) {
            sleep(50);
            long now = compiler.getTotalCompilationTime();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            }
        }
    }

}
