package io.tactus.server.telemetry;

/** Sees every cycle record on the telemetry consumer thread (normal thread; may allocate, must be quick). */
@FunctionalInterface
public interface CycleListener {

    void onCycle(CycleRecord record);
}
