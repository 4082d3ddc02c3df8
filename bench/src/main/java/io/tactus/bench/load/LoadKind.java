package io.tactus.bench.load;

import io.tactus.api.TactusException;

import java.util.Locale;

/** Background load for a stress run, as the 2005 tests had ("+compile"). */
public enum LoadKind {
    /** An otherwise idle machine. */
    NONE,
    /** One busy SCHED_OTHER process per core. */
    CPU,
    /** A child process that keeps compiling a generated Java source tree: CPU, memory and file I/O. */
    COMPILE;

    public static LoadKind parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TactusException("--load must be none, cpu or compile, not '" + text + "'");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
