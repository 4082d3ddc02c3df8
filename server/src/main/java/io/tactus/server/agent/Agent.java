package io.tactus.server.agent;

/**
 * Long-running work on a normal thread (Agrona's shape): {@link #doWork()} does a bounded amount and
 * says how much, so the {@link AgentRunner} can idle when there was nothing to do.
 */
public interface Agent {

    default void onStart() {
    }

    /** Does what is pending; returns how many items it handled (0 lets the runner idle). */
    int doWork() throws Exception;

    default void onClose() {
    }

    /** Thread name. */
    String roleName();
}
