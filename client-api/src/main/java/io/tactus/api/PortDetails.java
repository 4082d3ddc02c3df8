package io.tactus.api;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What any client can learn of a port by its name, an alias or its id ({@code jack_port_by_name},
 * {@code jack_port_by_id}, {@code jack_port_flags}, {@code jack_port_type}, {@code jack_port_get_aliases}):
 * a snapshot, not a live view; the port may be renamed or gone by the time it is read.
 *
 * @param name    the full name, {@code client:port}
 * @param id      the port's id, unique for the server's life and never reused ({@code jack_port_uuid})
 * @param type    what it carries
 * @param flags   its flags: exactly one of INPUT and OUTPUT, and any of the descriptive ones
 * @param aliases its aliases, at most {@link #MAX_ALIASES}, in the order they were set
 */
public record PortDetails(String name, long id, PortType type, Set<PortFlag> flags, List<String> aliases) {

    /** As JACK: a port has at most two aliases. */
    public static final int MAX_ALIASES = 2;

    public PortDetails {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        flags = flags.isEmpty() ? Set.of() : Set.copyOf(flags);
        aliases = List.copyOf(aliases);
    }

    public boolean isInput() {
        return flags.contains(PortFlag.INPUT);
    }

    /** JACK's bits of {@link #flags}. */
    public int flagBits() {
        return PortFlag.bits(flags.toArray(new PortFlag[0]));
    }
}
