package io.tactus.server.graph;

import io.tactus.api.NameRules;
import io.tactus.api.Property;
import io.tactus.api.PropertyChange;
import io.tactus.api.TactusException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The server's metadata ({@code jack_set_property} and friends): key, value and type on a client or a port, by its
 * id. Held beside the graph and under its lock, so a property can only be set on a subject that exists, and goes
 * when its subject goes; kept in memory only, for the server's life (JACK keeps it in a database that outlives the
 * server; a Tactus client that wants its properties back sets them again when it joins). Every change is told to
 * the {@link Listener}, under the lock, so in the order the changes happened.
 */
public final class Metadata {

    /**
     * The most UTF-8 bytes of key, value and type together: half a control frame, so that a client in another
     * process can always be sent the property (a large icon is some 20 KiB of base64).
     */
    public static final int MAX_PROPERTY_BYTES = 32 * 1024;

    /** Hears each change under the graph's lock; must only hand it on (a queue), never wait. */
    @FunctionalInterface
    public interface Listener {
        /** {@code key} null: all of the subject's keys; {@code subject} 0 with it: every subject's. */
        void changed(long subject, String key, PropertyChange change);
    }

    private final Graph graph;
    /** Subjects and their keys in the order they were first set. */
    private final Map<Long, Map<String, Property>> properties = new LinkedHashMap<>();
    private Listener listener = (subject, key, change) -> { };

    Metadata(Graph graph) {
        this.graph = graph;
    }

    public void setListener(Listener listener) {
        synchronized (graph) {
            this.listener = Objects.requireNonNull(listener, "listener");
        }
    }

    /** Sets or replaces {@code key} on the subject; an empty {@code type} is a UTF-8 string. */
    public void set(long subject, String key, String value, String type) {
        Objects.requireNonNull(value, "value");
        synchronized (graph) {
            requireSubject(subject);
            NameRules.requirePropertyKey(key);
            String typed = type == null ? "" : type;
            int bytes = utf8(key) + utf8(value) + utf8(typed);
            if (bytes > MAX_PROPERTY_BYTES) {
                throw new TactusException("property '" + key + "' is " + bytes + " bytes of key, value and type; the"
                        + " limit is " + MAX_PROPERTY_BYTES);
            }
            Property previous = properties.computeIfAbsent(subject, s -> new LinkedHashMap<>())
                    .put(key, new Property(subject, key, value, typed));
            listener.changed(subject, key, previous == null ? PropertyChange.CREATED : PropertyChange.CHANGED);
        }
    }

    public Optional<Property> get(long subject, String key) {
        synchronized (graph) {
            requireSubject(subject);
            NameRules.requirePropertyKey(key);
            return Optional.ofNullable(properties.getOrDefault(subject, Map.of()).get(key));
        }
    }

    public List<Property> list(long subject) {
        synchronized (graph) {
            requireSubject(subject);
            return List.copyOf(properties.getOrDefault(subject, Map.of()).values());
        }
    }

    public List<Property> listAll() {
        synchronized (graph) {
            List<Property> all = new ArrayList<>();
            properties.values().forEach(keys -> all.addAll(keys.values()));
            return all;
        }
    }

    /** Removes one key; one sentence when the subject has none of that name. */
    public void remove(long subject, String key) {
        synchronized (graph) {
            String name = requireSubject(subject);
            NameRules.requirePropertyKey(key);
            Map<String, Property> keys = properties.get(subject);
            if (keys == null || keys.remove(key) == null) {
                throw new TactusException(name + " has no property '" + key + "'");
            }
            if (keys.isEmpty()) {
                properties.remove(subject);
            }
            listener.changed(subject, key, PropertyChange.DELETED);
        }
    }

    /** Removes all of a subject's properties and returns them. */
    public List<Property> removeSubject(long subject) {
        synchronized (graph) {
            requireSubject(subject);
            return drop(subject);
        }
    }

    public void removeAll() {
        synchronized (graph) {
            if (!properties.isEmpty()) {
                properties.clear();
                listener.changed(0, null, PropertyChange.DELETED);
            }
        }
    }

    /** The subject left the graph: its properties go with it. Under the graph's lock. */
    void subjectGone(long subject) {
        drop(subject);
    }

    private List<Property> drop(long subject) {
        Map<String, Property> keys = properties.remove(subject);
        if (keys == null) {
            return List.of();
        }
        listener.changed(subject, null, PropertyChange.DELETED);
        return List.copyOf(keys.values());
    }

    private static int utf8(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    private String requireSubject(long subject) {
        String name = graph.subjectName(subject);
        if (name == null) {
            throw new TactusException("no client or port has id " + subject + "; lsp -U shows the ids"
                    + " there are");
        }
        return name;
    }
}
