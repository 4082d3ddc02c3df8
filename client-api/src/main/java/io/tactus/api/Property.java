package io.tactus.api;

import java.util.Objects;

/**
 * One piece of metadata ({@code jack_set_property}): a key, a value and the value's type on a subject, which is
 * the id of a client or a port ({@link TactusClient#uuid()}, {@link PortDetails#id()}). Keys are usually URIs,
 * such as the well-known {@link MetadataKeys}; an empty type means a UTF-8 string, as JACK's NULL type does.
 */
public record Property(long subject, String key, String value, String type) {

    public Property {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        type = type == null ? "" : type;
    }
}
