package io.tactus.server.engine;

import io.tactus.server.graph.ExecutionPlan;

/** A preallocated slot of the engine's command ring. */
final class Command {

    static final int SWITCH_PLAN = 1;
    static final int STOP = 2;
    static final int TRANSPORT_START = 3;
    static final int TRANSPORT_STOP = 4;
    /** {@link #value}: the frame. */
    static final int TRANSPORT_LOCATE = 5;
    /** {@link #value}: the beats per minute's {@link Double#doubleToRawLongBits bits}, 0 for none. */
    static final int TRANSPORT_TEMPO = 6;
    /** {@link #value}: microseconds. */
    static final int TRANSPORT_SYNC_TIMEOUT = 7;
    /** {@link #value}: the new period's nframes (issue 20). */
    static final int SET_PERIOD = 8;
    /** {@link #value}: 1 to start freewheeling, 0 to end it (issue 20). */
    static final int SET_FREEWHEEL = 9;

    int type;
    ExecutionPlan plan;
    long value;

    void clear() {
        type = 0;
        plan = null;
        value = 0;
    }
}
