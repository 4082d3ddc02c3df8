package io.tactus.api;

/** Told, on a normal thread, that two ports were connected or disconnected ({@code jack_set_port_connect_callback}). */
@FunctionalInterface
public interface PortConnectCallback {

    void portConnect(String source, String destination, boolean connected);
}
