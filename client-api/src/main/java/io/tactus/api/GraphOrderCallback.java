package io.tactus.api;

/** Told, on a normal thread, after the server switched to a new execution order. */
@FunctionalInterface
public interface GraphOrderCallback {

    void graphOrderChanged();
}
