package io.tactus.server.transport;

import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;

/**
 * The transport's state machine, run by the engine at the start of every cycle: it advances the frame by
 * the period that just rolled, applies the requests the command ring brought (start, stop, locate, tempo,
 * sync timeout), holds STARTING until every slow-sync client is ready or the timeout passes, lets the
 * timebase master fill BBT (or, after {@code tactus transport tempo}, the server's own constant tempo), and
 * publishes the result for every client to read in this cycle. No lock: requests arrive on the engine
 * thread through the ring, readers use the {@link TransportView}. Engine thread only; realtime,
 * allocation-free.
 */
public final class TransportEngine {

    /** JACK's default sync timeout. */
    public static final long DEFAULT_SYNC_TIMEOUT_MICROS = 2_000_000;
    /** The meter and resolution of the server's own timebase (no master, a tempo set). */
    static final float BEATS_PER_BAR = 4;
    static final float BEAT_TYPE = 4;
    static final double TICKS_PER_BEAT = 1920;

    private final int sampleRate;
    private final TransportView view = new TransportView();
    private final TransportPosition position = new TransportPosition();
    /** Which slow-sync clients said ready since STARTING began (by their place in the plan's list). */
    private final boolean[] ready;

    private TransportState state = TransportState.STOPPED;
    private long frame;
    private boolean rolledLastCycle;
    private boolean newPosition = true;
    private TimebaseCallback lastMaster;
    private long startingSince;
    private long syncTimeoutMicros = DEFAULT_SYNC_TIMEOUT_MICROS;
    private double tempo;
    // Requests since the last cycle, applied at its start.
    private boolean startRequested;
    private boolean stopRequested;
    private long locateRequested = -1;

    public TransportEngine(int sampleRate, int maxClients) {
        this.sampleRate = sampleRate;
        this.ready = new boolean[maxClients];
    }

    public TransportView view() {
        return view;
    }

    /** Realtime: a start request from the command ring. */
    public void requestStart() {
        startRequested = true;
        stopRequested = false;
    }

    /** Realtime: a stop request from the command ring. */
    public void requestStop() {
        stopRequested = true;
        startRequested = false;
    }

    /** Realtime: a locate request from the command ring; the frame was checked by the sender. */
    public void requestLocate(long target) {
        locateRequested = target;
    }

    /** Realtime: the server's own tempo (0: none), used while no client is the timebase master. */
    public void setTempo(double beatsPerMinute) {
        tempo = beatsPerMinute;
        newPosition = true;
    }

    /** Realtime: how long STARTING waits for slow-sync clients. */
    public void setSyncTimeout(long micros) {
        syncTimeoutMicros = micros;
    }

    /**
     * Realtime, allocation-free: the transport for the cycle beginning at {@code cycleMicros}, whose first frame
     * the previous cycle's roll has led to, graph cycle {@code sharedCycle} of the shared graph. {@code sync} are
     * the slow-sync clients' callbacks in plan order, {@code master} the timebase master's or null, and
     * {@code masterRecord} the master's record when it is a client in its own process (0 otherwise): its BBT is
     * relayed every cycle, since the client, not the engine, decides when to compute it.
     */
    public void cycle(SyncCallback[] sync, TimebaseCallback master, int masterRecord, int nframes, long cycleMicros,
                      long sharedCycle) {
        if (rolledLastCycle) {
            frame += nframes;
        }
        applyRequests(sync.length > 0, cycleMicros);
        position.setFrame(frame, sampleRate, cycleMicros);
        if (state == TransportState.STARTING && allReady(sync, cycleMicros)) {
            state = TransportState.ROLLING;
        }
        timebase(master, masterRecord != 0, nframes);
        rolledLastCycle = state == TransportState.ROLLING;
        view.publish(state, position, sharedCycle, masterRecord);
    }

    private void applyRequests(boolean slowSync, long now) {
        if (stopRequested) {
            state = TransportState.STOPPED;
            stopRequested = false;
        }
        if (locateRequested >= 0) {
            frame = locateRequested;
            locateRequested = -1;
            newPosition = true;
            if (state != TransportState.STOPPED && slowSync) {
                enterStarting(now); // the slow-sync clients must get ready for the new place
            }
        }
        if (startRequested) {
            startRequested = false;
            if (state == TransportState.STOPPED) {
                enterStarting(now);
            }
        }
    }

    private void enterStarting(long now) {
        state = TransportState.STARTING;
        startingSince = now;
        for (int i = 0; i < ready.length; i++) {
            ready[i] = false;
        }
    }

    /** Asks each slow-sync client not yet ready; true when all are, or the timeout passed. */
    private boolean allReady(SyncCallback[] sync, long now) {
        boolean all = true;
        for (int i = 0; i < sync.length; i++) {
            if (i < ready.length && ready[i]) {
                continue;
            }
            boolean yes;
            try {
                yes = sync[i].sync(TransportState.STARTING, position);
            } catch (RuntimeException failed) {
                yes = true; // a callback that throws cannot hold the transport
            }
            if (i < ready.length) {
                ready[i] = yes;
            }
            all &= yes;
        }
        return all || now - startingSince >= syncTimeoutMicros;
    }

    private void timebase(TimebaseCallback master, boolean relayed, int nframes) {
        if (master != null) {
            boolean fresh = newPosition || master != lastMaster;
            if (fresh || state == TransportState.ROLLING || relayed) {
                try {
                    master.timebase(state, nframes, position, fresh);
                } catch (RuntimeException failed) {
                    position.setBbtValid(false);
                }
            }
        } else if (tempo > 0) {
            position.setBbtFromFrame(tempo, BEATS_PER_BAR, BEAT_TYPE, TICKS_PER_BEAT);
        } else {
            position.setBbtValid(false);
        }
        lastMaster = master;
        newPosition = false;
    }

    /**
     * Takes every path of the state machine on a throwaway instance, so the JIT has seen each branch taken
     * before the first period (see the engine's realtime rules): the first real start or locate then
     * allocates nothing.
     */
    public static void rehearse(int sampleRate, int nframes) {
        TransportEngine t = new TransportEngine(sampleRate, 4);
        boolean[] slow = {false};
        SyncCallback[] sync = {(s, p) -> slow[0]};
        SyncCallback[] none = {};
        TimebaseCallback master = (s, n, p, fresh) -> p.setBbt(1, 1, 0);
        for (int i = 0; i < 20_000; i++) {
            switch (i % 8) {
                case 0 -> t.requestStart();
                case 2 -> t.requestLocate(i);
                case 4 -> t.requestStop();
                case 6 -> t.setTempo(i % 16 == 6 ? 120 : 0);
                default -> { }
            }
            slow[0] = i % 3 == 0;
            t.setSyncTimeout(i % 5 == 0 ? 0 : DEFAULT_SYNC_TIMEOUT_MICROS);
            t.cycle(i % 2 == 0 ? sync : none, i % 4 < 2 ? master : null, i % 16 < 8 ? 0 : 1, nframes, i * 1_000L, i);
        }
    }
}
