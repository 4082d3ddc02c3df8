package io.tactus.api;

/** What happened to a property ({@code jack_property_change_t}). */
public enum PropertyChange {
    CREATED,
    CHANGED,
    DELETED
}
