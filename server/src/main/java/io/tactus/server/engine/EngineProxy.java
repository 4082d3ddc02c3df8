package io.tactus.server.engine;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import io.tactus.server.graph.ExecutionPlan;

/**
 * Control threads' way into the engine: writes commands into the engine's multi-producer command ring,
 * which the engine drains at the start of each cycle. Publishing never blocks the engine; a control
 * thread that finds the ring full waits (it is not realtime).
 */
public final class EngineProxy {

    private final RingBuffer<Command> ring;
    private final EventPoller<Command> poller;

    public EngineProxy(int size) {
        // The engine polls; the wait strategy is never waited on, and its signal is a no-op (no lock).
        this.ring = RingBuffer.createMultiProducer(Command::new, size, new SleepingWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    public void switchPlan(ExecutionPlan plan) {
        ring.publishEvent((command, sequence, p) -> {
            command.type = Command.SWITCH_PLAN;
            command.plan = p;
        }, plan);
    }

    public void stop() {
        ring.publishEvent((command, sequence) -> command.type = Command.STOP);
    }

    /** The transport rolls (through STARTING) from the next cycle on. */
    public void transportStart() {
        publish(Command.TRANSPORT_START, 0);
    }

    public void transportStop() {
        publish(Command.TRANSPORT_STOP, 0);
    }

    /** Moves the transport to {@code frame} (not negative: the caller says so in a sentence). */
    public void transportLocate(long frame) {
        publish(Command.TRANSPORT_LOCATE, frame);
    }

    /** The server's own tempo, used while no client is the timebase master; 0 for none. */
    public void transportTempo(double beatsPerMinute) {
        publish(Command.TRANSPORT_TEMPO, Double.doubleToRawLongBits(beatsPerMinute));
    }

    public void transportSyncTimeout(long micros) {
        publish(Command.TRANSPORT_SYNC_TIMEOUT, micros);
    }

    /** The engine runs at {@code nframes} per period from a cycle start on (validated by the caller). */
    public void setPeriod(int nframes) {
        publish(Command.SET_PERIOD, nframes);
    }

    /** The engine starts (or ends) freewheeling at a cycle start. */
    public void setFreewheel(boolean on) {
        publish(Command.SET_FREEWHEEL, on ? 1 : 0);
    }

    private void publish(int type, long value) {
        ring.publishEvent((command, sequence, t, v) -> {
            command.type = t;
            command.value = v;
        }, type, value);
    }

    EventPoller<Command> poller() {
        return poller;
    }
}
