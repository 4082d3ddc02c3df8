package io.tactus.server.agent;

import java.util.concurrent.locks.LockSupport;

/**
 * Owns one thread that drives an {@link Agent}: calls {@code doWork} in a loop and parks for
 * {@code idleNanos} whenever a call did nothing. A failing {@code doWork} is counted and its first
 * occurrence reported once on standard error, never swallowed silently; the agent keeps running.
 */
public final class AgentRunner implements AutoCloseable {

    private final Agent agent;
    private final long idleNanos;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long errors;

    public AgentRunner(Agent agent, long idleNanos) {
        this.agent = agent;
        this.idleNanos = idleNanos;
        this.thread = new Thread(this::loop, agent.roleName());
        this.thread.setDaemon(true);
    }

    public AgentRunner start() {
        thread.start();
        return this;
    }

    private void loop() {
        agent.onStart();
        while (running) {
            if (work() == 0) {
                LockSupport.parkNanos(idleNanos);
            }
        }
        work(); // whatever arrived before close
        agent.onClose();
    }

    private int work() {
        try {
            return agent.doWork();
        } catch (Exception e) {
            if (errors++ == 0) {
                System.err.println("tactus: " + agent.roleName() + " failed (" + e + "); further failures are counted");
            }
            return 0;
        }
    }

    public long errors() {
        return errors;
    }

    /** Stops the loop after one last {@code doWork} and waits for the thread. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
