package io.tactus.api;

/**
 * Told, on a normal thread, every graph notification in order with its sequence number: the same changes as the
 * client-registration, port-registration, port-connect, port-rename and latency callbacks, before them, and the
 * buffer-size and freewheel changes in their place among them.
 */
@FunctionalInterface
public interface GraphEventCallback {

    void graphChanged(GraphEvent event);
}
