package io.tactus.api;

/** Told, on a normal thread, that another client joined or left the server ({@code jack_set_client_registration_callback}). */
@FunctionalInterface
public interface ClientRegistrationCallback {

    void clientRegistration(String clientName, boolean registered);
}
