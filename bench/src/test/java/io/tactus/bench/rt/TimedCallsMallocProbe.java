package io.tactus.bench.rt;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import io.tactus.rt.Futex;
import io.tactus.rt.MonotonicSleep;

import java.nio.ByteBuffer;

/**
 * Run by {@link TimedCallsMallocSystemTest} in a JVM of its own with the malloc-counting shim preloaded
 * ({@code libtactus_malloc_count.so}, which counts per thread): after a warm-up, the timed calls of the realtime
 * paths (a futex wait that times out, one whose word differs, a wake nobody waits for, an absolute sleep) on this
 * thread, bracketed by two reads of its malloc count. Prints {@code baseline B calls C known K}: what two reads
 * in a row count, what the two reads around the calls count, and what they count around one known malloc (the
 * shim works).
 */
public final class TimedCallsMallocProbe {

    static final int CALLS = 2000;

    private TimedCallsMallocProbe() {
    }

    public static void main(String[] args) {
        Native.register(Shim.class, NativeLibrary.getProcess());
        Futex futex = Futex.linux();
        if (!futex.isAvailable() || !MonotonicSleep.isNative()) {
            System.out.println("unavailable");
            return;
        }
        ByteBuffer word = ByteBuffer.allocateDirect(Long.BYTES);
        long address = Pointer.nativeValue(Native.getDirectBufferPointer(word));
        for (int round = 0; round < 20_000; round++) { // warm-up: JIT, JNA's dispatch, the thread's timespec
            calls(futex, address);
        }
        long first = Shim.tactus_malloc_count();
        long second = Shim.tactus_malloc_count();
        long before = Shim.tactus_malloc_count();
        for (int round = 0; round < CALLS; round++) {
            calls(futex, address);
        }
        long after = Shim.tactus_malloc_count();
        long beforeKnown = Shim.tactus_malloc_count();
        Native.free(Native.malloc(64));
        long afterKnown = Shim.tactus_malloc_count();
        System.out.printf("baseline %d calls %d known %d%n", second - first, after - before, afterKnown - beforeKnown);
    }

    private static void calls(Futex futex, long address) {
        futex.wait(address, 0, 1_000); // the word holds 0: sleeps 1 us and times out
        futex.wait(address, 1, 1_000_000); // the word differs: returns at once
        futex.wake(address, 1);
        MonotonicSleep.sleepUntil(System.nanoTime() + 1_000);
    }

    /** The shim's per-thread count; registered on the process (the shim is preloaded into it). */
    private static final class Shim {
        static native long tactus_malloc_count();
    }
}
