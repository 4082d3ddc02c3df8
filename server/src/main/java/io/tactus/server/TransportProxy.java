package io.tactus.server;

import io.tactus.api.TactusException;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.transport.TransportView;

/**
 * Every client's way to the server's transport, whichever transport carries the client: requests checked
 * here (one sentence for a bad one) and written into the engine's command ring, which applies them at the
 * start of a cycle; queries read what the engine last published. Any thread; only the queries are
 * allocation-free.
 */
public final class TransportProxy {

    /** A tempo outside this range is a typing mistake, not music. */
    public static final double MIN_TEMPO = 1;
    public static final double MAX_TEMPO = 999;

    private final EngineProxy engine;
    private final TransportView view;

    TransportProxy(EngineProxy engine, TransportView view) {
        this.engine = engine;
        this.view = view;
    }

    public void start() {
        engine.transportStart();
    }

    public void stop() {
        engine.transportStop();
    }

    public void locate(long frame) {
        if (frame < 0) {
            throw new TactusException("cannot locate the transport to frame " + frame + "; a frame is 0 or more");
        }
        engine.transportLocate(frame);
    }

    /** The server's own constant tempo (4/4), used while no client is the timebase master. */
    public void tempo(double beatsPerMinute) {
        if (!(beatsPerMinute >= MIN_TEMPO && beatsPerMinute <= MAX_TEMPO)) {
            throw new TactusException("a tempo of " + beatsPerMinute + " beats per minute is out of range; give "
                    + (int) MIN_TEMPO + " to " + (int) MAX_TEMPO);
        }
        engine.transportTempo(beatsPerMinute);
    }

    public void syncTimeout(long micros) {
        if (micros < 0) {
            throw new TactusException("a sync timeout of " + micros + " us is negative; give 0 or more");
        }
        engine.transportSyncTimeout(micros);
    }

    /** Allocation-free. */
    public TransportState query(TransportPosition into) {
        return view.read(into);
    }

    /** Allocation-free. */
    public long frame() {
        return view.frame();
    }
}
