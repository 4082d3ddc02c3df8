package io.tactus.api;

/**
 * Hears every change of metadata on the server, whoever made it ({@code JackPropertyChangeCallback}), on a
 * normal thread, in the order the changes happened. A deletion of all of a subject's properties (the subject
 * left, or {@link TactusClient#removeProperties}) comes with a null key; of all properties, with subject 0
 * and a null key.
 */
@FunctionalInterface
public interface PropertyChangeCallback {

    void propertyChanged(long subject, String key, PropertyChange change);
}
