package io.tactus.server.graph;

import io.tactus.api.NameRules;
import io.tactus.api.PortDetails;
import io.tactus.api.TactusException;

import java.util.HashMap;
import java.util.Map;

/**
 * The ports' aliases ({@code jack_port_set_alias}): at most two a port, each naming one port only and never a
 * port's name, so that a name or an alias finds one port. Part of the {@link Graph}, under its lock.
 */
final class PortAliases {

    private final Map<String, PortNode> ports = new HashMap<>();

    /** The port {@code alias} names, or null. */
    PortNode portOf(String alias) {
        return alias == null ? null : ports.get(alias);
    }

    /** Refuses {@code name} for a port when it is already an alias. */
    void requireNotAnAlias(String name) {
        PortNode owner = ports.get(name);
        if (owner != null) {
            throw new TactusException("'" + Graph.abbreviate(name) + "' is an alias of port '" + owner.name()
                    + "'; a name and an alias name one port only");
        }
    }

    /** @param isPortName whether {@code alias} is some port's full name */
    void add(PortNode port, String alias, boolean isPortName) {
        NameRules.requireAlias(alias);
        if (alias.length() > Graph.MAX_PORT_NAME) {
            throw new TactusException("alias '" + Graph.abbreviate(alias) + "' is " + alias.length()
                    + " characters long; the limit is " + Graph.MAX_PORT_NAME + ", as for a port name");
        }
        if (port.mutableAliases().contains(alias)) {
            throw new TactusException("port '" + port.name() + "' already has the alias '" + Graph.abbreviate(alias) + "'");
        }
        if (port.mutableAliases().size() >= PortDetails.MAX_ALIASES) {
            throw new TactusException("port '" + port.name() + "' already has " + PortDetails.MAX_ALIASES
                    + " aliases, the most a port can have; unset one first");
        }
        PortNode other = ports.get(alias);
        if (other != null || isPortName) {
            throw new TactusException("'" + Graph.abbreviate(alias) + "' already names port '"
                    + (other != null ? other.name() : alias) + "'; an alias names one port only");
        }
        port.mutableAliases().add(alias);
        ports.put(alias, port);
    }

    void remove(PortNode port, String alias) {
        NameRules.requireAlias(alias);
        if (!port.mutableAliases().remove(alias)) {
            throw new TactusException("port '" + port.name() + "' has no alias '" + Graph.abbreviate(alias) + "'");
        }
        ports.remove(alias);
    }

    /** The port left: its aliases go with it. */
    void dropAll(PortNode port) {
        for (String alias : port.mutableAliases()) {
            ports.remove(alias);
        }
    }
}
