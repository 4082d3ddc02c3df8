package io.tactus.api;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Servers running in this JVM, by name. A server registers its in-process transport when it starts and
 * removes it when it stops, so {@link Tactus#open(String)} finds it.
 */
public final class TransportRegistry {

    private static final Map<String, ClientTransport> IN_PROCESS = new ConcurrentHashMap<>();

    private TransportRegistry() {
    }

    /** Returns false when a server of that name is already registered in this JVM. */
    public static boolean register(String serverName, ClientTransport transport) {
        return IN_PROCESS.putIfAbsent(serverName, transport) == null;
    }

    public static void unregister(String serverName, ClientTransport transport) {
        IN_PROCESS.remove(serverName, transport);
    }

    public static Optional<ClientTransport> inProcess(String serverName) {
        return Optional.ofNullable(IN_PROCESS.get(serverName));
    }
}
