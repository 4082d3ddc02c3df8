package io.tactus.rt;

import com.sun.jna.Platform;

/**
 * Binds the native layer once per JVM and never throws: a JVM without Linux, libc or even JNA on the
 * class path gets {@link UnavailableRealtimeNative}, whose threads simply stay time-shared. Kept apart from
 * {@link LinuxRealtimeNative} so that a missing JNA fails here, inside the catch, not while loading it.
 */
final class LinuxBinding {

    static final RealtimeNative INSTANCE = bind();

    private LinuxBinding() {
    }

    private static RealtimeNative bind() {
        try {
            if (!Platform.isLinux()) {
                return new UnavailableRealtimeNative("not Linux");
            }
            RealtimeNative bound = LinuxRealtimeNative.bind(Platform.ARCH);
            return bound != null ? bound : new UnavailableRealtimeNative("no syscall numbers for " + Platform.ARCH);
        } catch (LinkageError | RuntimeException e) {
            return new UnavailableRealtimeNative("libc could not be bound: " + e);
        }
    }
}
