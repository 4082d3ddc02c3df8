package io.tactus.server.engine;

import com.lmax.disruptor.EventPoller;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.transport.TransportEngine;

/**
 * The engine's end of its command ring: drains every pending command at the start of a cycle, so a plan
 * switch takes effect at a cycle boundary and never inside one. Engine thread only, except the
 * {@link #appliedGeneration} a control thread waits on. Realtime, allocation-free.
 */
final class CommandDrain implements EventPoller.Handler<Command> {

    private final Engine engine;
    private final TransportEngine transport;
    private ExecutionPlan plan = ExecutionPlan.empty();
    private volatile long appliedGeneration;

    CommandDrain(Engine engine, TransportEngine transport) {
        this.engine = engine;
        this.transport = transport;
    }

    /** Applies every command waiting in {@code poller}; returns the plan to run. Realtime, allocation-free. */
    ExecutionPlan drain(EventPoller<Command> poller) {
        while (pollOnce(poller)) {
            // drain every pending command before the cycle starts
        }
        return plan;
    }

    private boolean pollOnce(EventPoller<Command> poller) {
        try {
            return poller.poll(this) == EventPoller.PollState.PROCESSING;
        } catch (Exception impossible) {
            // onEvent throws nothing; the poller's signature is wider than its use here.
            return false;
        }
    }

    /** Realtime: applies one command. */
    @Override
    public boolean onEvent(Command command, long sequence, boolean endOfBatch) {
        if (command.type == Command.SWITCH_PLAN) {
            ExecutionPlan next = command.plan;
            next.bindPorts();
            plan = next;
            appliedGeneration = next.generation();
        } else if (command.type == Command.STOP) {
            engine.requestStop();
        } else if (command.type == Command.SET_PERIOD) {
            engine.requestPeriod((int) command.value);
        } else if (command.type == Command.SET_FREEWHEEL) {
            engine.requestFreewheel(command.value != 0);
        } else {
            applyTransport(command);
        }
        command.clear();
        return true;
    }

    /** Realtime: a transport request, applied by the transport at this cycle's start. */
    private void applyTransport(Command command) {
        switch (command.type) {
            case Command.TRANSPORT_START -> transport.requestStart();
            case Command.TRANSPORT_STOP -> transport.requestStop();
            case Command.TRANSPORT_LOCATE -> transport.requestLocate(command.value);
            case Command.TRANSPORT_TEMPO -> transport.setTempo(Double.longBitsToDouble(command.value));
            case Command.TRANSPORT_SYNC_TIMEOUT -> transport.setSyncTimeout(command.value);
            default -> { }
        }
    }

    /** The plan the last switch installed. */
    ExecutionPlan plan() {
        return plan;
    }

    /** Back to the empty plan (after the warm-up's rehearsal plans). */
    void reset() {
        plan = ExecutionPlan.empty();
    }

    long appliedGeneration() {
        return appliedGeneration;
    }
}
