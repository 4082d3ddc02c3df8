package io.tactus.api;

/** Told, on a normal thread, after a period whose output was late (an xrun). */
@FunctionalInterface
public interface XrunCallback {

    /** {@code delayedMicros} is how late the period's output was. */
    void xrun(double delayedMicros);
}
