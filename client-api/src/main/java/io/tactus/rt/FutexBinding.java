package io.tactus.rt;

import com.sun.jna.Platform;

/**
 * Binds {@link Futex} once per JVM and never throws: without Linux, libc or JNA the answer is
 * {@link UnavailableFutex}. Kept apart from {@link LinuxFutex} so that a missing JNA fails here, inside
 * the catch, not while loading the binding itself.
 */
final class FutexBinding {

    static final Futex INSTANCE = bind();

    private FutexBinding() {
    }

    private static Futex bind() {
        try {
            if (!Platform.isLinux()) {
                return new UnavailableFutex("not Linux");
            }
            Futex bound = LinuxFutex.bind(Platform.ARCH);
            return bound != null ? bound : new UnavailableFutex("no futex syscall number for " + Platform.ARCH);
        } catch (LinkageError | RuntimeException e) {
            return new UnavailableFutex("libc could not be bound: " + e);
        }
    }
}
