package io.tactus.jaudiolibs;

import org.jaudiolibs.audioservers.AudioClient;
import org.jaudiolibs.audioservers.AudioConfiguration;
import org.jaudiolibs.audioservers.AudioServer;
import org.jaudiolibs.audioservers.AudioServerProvider;

/**
 * The jaudiolibs provider whose library name is {@value #LIBRARY_NAME}: a program written against
 * {@code audioservers-api} (PraxisLIVE, Beads) that looks its providers up through {@code ServiceLoader} and picks
 * this one becomes a Tactus client, without a change to its code. The provider is registered in
 * {@code META-INF/services} but costs nothing to a program that never asks for jaudiolibs providers: the
 * dependency is optional, and the program brings it.
 */
public final class TactusAudioServerProvider extends AudioServerProvider {

    public static final String LIBRARY_NAME = "Tactus";

    @Override
    public String getLibraryName() {
        return LIBRARY_NAME;
    }

    @Override
    public String getLibraryDescription() {
        return "Tactus, a JACK-like realtime audio graph server: the client runs in the server's graph";
    }

    /** The server decides rate and period; any request can be met with what it gives, as with JACK. */
    @Override
    public boolean isConfigurationSupported(AudioConfiguration configuration) {
        return configuration.getInputChannelCount() >= 0 && configuration.getOutputChannelCount() >= 0;
    }

    /** A server that joins on {@link AudioServer#run}; nothing is opened before that. */
    @Override
    public AudioServer createServer(AudioConfiguration configuration, AudioClient client) {
        return new TactusAudioServer(configuration, client);
    }
}
