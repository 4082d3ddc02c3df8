package io.tactus.rt;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class NativeTimespecTest {

    @Test
    void shouldHoldWhatWasSetAtOneAddressPerThread() throws Exception {
        NativeTimespec own = NativeTimespec.ofCurrentThread();
        long address = own.set(3, 250_000_000L);
        assertEquals(3, own.seconds());
        assertEquals(250_000_000L, own.nanos());
        assertNotEquals(0, address);
        assertEquals(0, address % Long.BYTES, "aligned for two longs");
        assertSame(own, NativeTimespec.ofCurrentThread());
        assertEquals(address, own.set(0, 1), "reused, not reallocated");

        AtomicReference<NativeTimespec> other = new AtomicReference<>();
        AtomicLong otherAddress = new AtomicLong();
        Thread thread = new Thread(() -> {
            other.set(NativeTimespec.ofCurrentThread());
            otherAddress.set(other.get().set(9, 9));
        });
        thread.start();
        thread.join();
        assertNotSame(own, other.get(), "each thread its own");
        assertNotEquals(0, otherAddress.get());
        assertNotEquals(address, otherAddress.get());
        assertEquals(1, own.nanos(), "untouched by the other thread");
    }
}
