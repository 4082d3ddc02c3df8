package io.tactus.bench.load;

/**
 * The child process of the CPU background load: one thread spinning on integer arithmetic, forever. It
 * runs in a JVM with a tiny heap rather than in {@code sh -c 'while :; do :; done'}: that costs about
 * 30 MB of memory and a fraction of a second of start-up per core, but it shares the launch, ready
 * handshake and orphan guard ({@link ParentWatch}) with {@link CompileLoop}, and depends on no shell.
 */
public final class BusyLoop {

    /** Written now and then so the JIT cannot prove the loop's result unused. */
    private static volatile long sink;

    private BusyLoop() {
    }

    public static void main(String[] args) {
        ParentWatch.onParentGone(() -> System.exit(0));
        System.out.println(ChildProcess.READY);
        long x = 1;
        for (long i = 0; ; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if ((i & 0xFFFFFF) == 0) {
                sink = x;
            }
        }
    }
}
