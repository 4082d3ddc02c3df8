package io.tactus.api;

import java.util.List;
import java.util.Optional;

/**
 * A client of a Tactus server, the same whichever transport carries it. Open one with
 * {@link Tactus#open(String)}, register ports, set the process callback, then {@link #activate()}.
 * Every method but the ports' buffers, {@link #clock()}'s and {@link Transport#query}'s belongs on a normal
 * thread, never inside {@link ProcessCallback#process(int)}.
 */
public interface TactusClient extends AutoCloseable {

    /** The client's unique name, the part before the colon of its ports' names. */
    String name();

    /** The server's sample rate in Hz. */
    int sampleRate();

    /** Frames per period. */
    int bufferSize();

    /**
     * Registers a port named {@code name()+":"+shortName}. {@code flags} must hold exactly one of
     * {@link PortFlag#INPUT} and {@link PortFlag#OUTPUT}.
     */
    Port registerPort(String shortName, PortType type, PortFlag... flags);

    /** Removes one of this client's ports and its connections. */
    void unregisterPort(Port port);

    /** Must be set before {@link #activate()}. */
    void setProcessCallback(ProcessCallback callback);

    void setShutdownCallback(ShutdownCallback callback);

    void setXrunCallback(XrunCallback callback);

    void setGraphOrderCallback(GraphOrderCallback callback);

    /** From the next period on, the server calls the process callback every period. */
    void activate();

    /** Returns once the server has stopped calling the process callback. Ports and connections stay. */
    void deactivate();

    /** Connects an output port to an input port, both named {@code client:port}. */
    void connect(String source, String destination);

    void disconnect(String source, String destination);

    /**
     * The server's frame time and cycle times ({@code jack_last_frame_time}, {@code jack_get_cycle_times}...),
     * allocation-free, for the process callback.
     */
    FrameClock clock();

    /** The server's transport: state, position and BBT, start, stop, locate, sync and timebase callbacks. */
    Transport transport();

    /** Full names of all ports of the server, in registration order. */
    List<String> getPorts();

    /** Full names of the ports connected to {@code port}. */
    List<String> getConnections(String port);

    /** Deactivates, unregisters all ports and leaves the server. Idempotent. */
    @Override
    void close();

    // Buffer size and freewheel at run time (issue 20)

    /**
     * Asks the server for a new period size, as {@code jack_set_buffer_size}: a power of two from
     * {@value #MIN_BUFFER_SIZE} to {@value #MAX_BUFFER_SIZE} frames. Returns once the engine runs at the new
     * size; every client's {@link BufferSizeCallback} runs before its first process call at it. Refused in one
     * sentence, nothing changed, for another size or while something cannot follow (the driver, the room of the
     * shared graph's port slots).
     */
    void setBufferSize(int nframes);

    /** Told before the first process call at a new period size; see {@link BufferSizeCallback}. */
    void setBufferSizeCallback(BufferSizeCallback callback);

    /**
     * Starts or ends freewheeling, as {@code jack_set_freewheel}: the engine runs cycles as fast as the graph
     * allows, off the driver's clock and off the realtime class, until it is ended. Returns once the engine
     * has switched.
     */
    void setFreewheel(boolean on);

    /** Told before the first process call in and after freewheel; see {@link FreewheelCallback}. */
    void setFreewheelCallback(FreewheelCallback callback);

    /** The smallest period {@link #setBufferSize} accepts. */
    int MIN_BUFFER_SIZE = 16;
    /** The largest period {@link #setBufferSize} accepts. */
    int MAX_BUFFER_SIZE = 4096;

    // Notifications and latency (issue 20)

    /** Every graph notification, in order, with its sequence number (see {@link GraphEvent}). */
    void setGraphEventCallback(GraphEventCallback callback);

    /** Another client joined or left ({@code jack_set_client_registration_callback}). */
    void setClientRegistrationCallback(ClientRegistrationCallback callback);

    /** A port of any client, this one's too, came or went ({@code jack_set_port_registration_callback}). */
    void setPortRegistrationCallback(PortRegistrationCallback callback);

    /** Two ports were connected or disconnected ({@code jack_set_port_connect_callback}). */
    void setPortConnectCallback(PortConnectCallback callback);

    /** A port was renamed ({@code jack_set_port_rename_callback}). */
    void setPortRenameCallback(PortRenameCallback callback);

    /** Called once, soon, with the server's sample rate, as JACK does when the callback is set. */
    void setSampleRateCallback(SampleRateCallback callback);

    /** Asked to update this client's latencies, capture then playback, after a connection or a latency changed. */
    void setLatencyCallback(LatencyCallback callback);

    /**
     * Sets a latency range of one of this client's ports ({@code jack_port_set_latency_range}); the server keeps
     * it from then on in place of its default and, when it changed, recomputes the graph's latencies.
     */
    void setLatencyRange(Port port, LatencyMode mode, LatencyRange range);

    /** The latency range of any port, by full name ({@code jack_port_get_latency_range}). */
    LatencyRange latencyRange(String port, LatencyMode mode);

    /** Recomputes every port's latency and calls the latency callbacks ({@code jack_recompute_total_latencies}). */
    void recomputeTotalLatencies();

    // Port queries, aliases, rename, statistics and metadata (issue 20)

    /**
     * Full names of the ports that match ({@code jack_get_ports}), in registration order: {@code namePattern} is a
     * regular expression found in the full name, {@code typePattern} one found in the type's JACK name, and the
     * port has every one of {@code flags}; null or empty patterns and no flags match any port.
     *
     * @throws TactusException when a pattern is not a regular expression (nothing is asked of the server)
     */
    List<String> getPorts(String namePattern, String typePattern, PortFlag... flags);

    /** The port of that full name or alias ({@code jack_port_by_name}); one sentence when there is none. */
    PortDetails portByName(String name);

    /** The port of that id ({@code jack_port_by_id}); one sentence when there is none. */
    PortDetails portById(long id);

    /**
     * Gives {@code port} (its name or an alias) another name it can be found and connected by
     * ({@code jack_port_set_alias}); a port has at most {@link PortDetails#MAX_ALIASES}, and an alias names one
     * port only.
     */
    void setAlias(String port, String alias);

    /** Takes an alias off {@code port} ({@code jack_port_unset_alias}). */
    void unsetAlias(String port, String alias);

    /** The aliases of {@code port} ({@code jack_port_get_aliases}). */
    default List<String> getAliases(String port) {
        return portByName(port).aliases();
    }

    /**
     * Renames one of this client's ports to {@code client:newShortName} ({@code jack_port_rename}); its id, aliases,
     * properties and connections stay. Ports from {@link #registerPort} report the new name from then on.
     */
    void renamePort(Port port, String newShortName);

    /** This client's id, unique for the server's life ({@code jack_client_get_uuid}). */
    long uuid();

    /** The id of the client of that name ({@code jack_get_uuid_for_client_name}). */
    long clientUuid(String clientName);

    /** The DSP load in percent ({@code jack_cpu_load}): the share of the period the graph took, lately. */
    double cpuLoad();

    /** The largest delay of the engine's wake-up since start or the last reset ({@code jack_get_max_delayed_usecs}). */
    double maxDelayedMicros();

    /** The delay of the cycle of the most recent xrun, 0 before any ({@code jack_get_xrun_delayed_usecs}). */
    double xrunDelayedMicros();

    /** Starts {@link #maxDelayedMicros()} afresh ({@code jack_reset_max_delayed_usecs}). */
    void resetMaxDelayedMicros();

    /**
     * Sets {@code key} on the client or port whose id is {@code subject} ({@code jack_set_property}); {@code type}
     * may be empty (a UTF-8 string). One sentence, and nothing set, when no client or port has that id.
     */
    void setProperty(long subject, String key, String value, String type);

    /** The property, or empty when the subject has no such key ({@code jack_get_property}). */
    Optional<Property> getProperty(long subject, String key);

    /** Every property of the subject, in the order they were first set ({@code jack_get_properties}). */
    List<Property> getProperties(long subject);

    /** Every property of every subject ({@code jack_get_all_properties}). */
    List<Property> getAllProperties();

    /** Removes one key ({@code jack_remove_property}); one sentence when the subject has no such key. */
    void removeProperty(long subject, String key);

    /** Removes all of a subject's properties and says how many ({@code jack_remove_properties}). */
    int removeProperties(long subject);

    /** Removes every property of every subject ({@code jack_remove_all_properties}). */
    void removeAllProperties();

    /** Hears every metadata change on the server ({@code jack_set_property_change_callback}). */
    void setPropertyChangeCallback(PropertyChangeCallback callback);
}
