package io.tactus.api;

/** Told, on a normal thread, that a port of any client came or went ({@code jack_set_port_registration_callback}). */
@FunctionalInterface
public interface PortRegistrationCallback {

    /** {@code portId} is unique for the server's lifetime; {@code portName} is the full name. */
    void portRegistration(int portId, String portName, boolean registered);
}
