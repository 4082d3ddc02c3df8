package io.tactus.clients;

import io.tactus.server.TactusServer;

import static io.tactus.testing.Poll.sleep;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bytes the engine thread allocated, measured over consecutive windows of a running server. */
public final class EngineAllocation {

    private EngineAllocation() {
    }

    /** The engine thread's allocated bytes in each of {@code windows} consecutive windows of {@code millis}. */
    public static long[] perWindow(TactusServer server, int windows, long millis) throws InterruptedException {
        long[] allocated = new long[windows];
        for (int w = 0; w < windows; w++) {
            long before = server.metrics().rtAllocatedBytes();
            assertTrue(before >= 0, "the allocation baseline was taken");
            sleep(millis);
            allocated[w] = server.metrics().rtAllocatedBytes() - before;
        }
        return allocated;
    }
}
