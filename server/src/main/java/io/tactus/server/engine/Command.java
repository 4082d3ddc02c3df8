package io.tactus.server.engine;

import io.tactus.server.graph.ExecutionPlan;

/** A preallocated slot of the engine's command ring. */
final class Command {

    static final int SWITCH_PLAN = 1;
    static final int STOP = 2;

    int type;
    ExecutionPlan plan;

    void clear() {
        type = 0;
        plan = null;
    }
}
