package io.tactus.rt;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@code struct timespec} in native memory, one per thread, for the timed system calls of the realtime paths
 * (a futex wait, an absolute {@code clock_nanosleep}, {@code clock_gettime}): the caller writes it (or the call
 * fills it) and passes its address as a plain {@code long}. A Java {@code long[2]} would do the same job, but JNA's
 * direct mapping hands an array to C as a copy that HotSpot mallocs and frees around every call
 * ({@code Get/ReleaseLongArrayElements}), so a realtime thread would take glibc's arena lock twice a wait. This memory is written with two plain stores and passed
 * as it is. The 64-bit layout: {@code tv_sec} then {@code tv_nsec}, each a native-order long.
 */
final class NativeTimespec {

    private static final ThreadLocal<NativeTimespec> OWN = ThreadLocal.withInitial(NativeTimespec::new);

    private final ByteBuffer memory = ByteBuffer.allocateDirect(2 * Long.BYTES).order(ByteOrder.nativeOrder());
    private final long address = Pointer.nativeValue(Native.getDirectBufferPointer(memory));

    private NativeTimespec() {
    }

    /** The calling thread's timespec: allocated at its first call (so warm a realtime thread up once), then reused. */
    static NativeTimespec ofCurrentThread() {
        return OWN.get();
    }

    /** Writes {@code seconds} and {@code nanos}; returns the address to pass. Allocation-free. */
    long set(long seconds, long nanos) {
        memory.putLong(0, seconds);
        memory.putLong(Long.BYTES, nanos);
        return address;
    }

    /** Where a call that fills the timespec (clock_gettime) writes it. */
    long address() {
        return address;
    }

    long seconds() {
        return memory.getLong(0);
    }

    long nanos() {
        return memory.getLong(Long.BYTES);
    }
}
