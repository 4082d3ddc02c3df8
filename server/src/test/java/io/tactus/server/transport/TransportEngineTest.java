package io.tactus.server.transport;

import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.tactus.api.TransportState.ROLLING;
import static io.tactus.api.TransportState.STARTING;
import static io.tactus.api.TransportState.STOPPED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransportEngineTest {

    private static final int RATE = 48_000;
    private static final int NFRAMES = 64;
    private static final SyncCallback[] NO_SYNC = {};

    private final TransportEngine transport = new TransportEngine(RATE, 8);
    private final TransportPosition seen = new TransportPosition();
    private long micros;

    private TransportState cycle(SyncCallback[] sync, TimebaseCallback master) {
        micros += 1333;
        transport.cycle(sync, master, 0, NFRAMES, micros, micros / 1333);
        return transport.view().read(seen);
    }

    @Test
    void shouldRollAtOnceWithoutSlowSyncClientsAndAdvanceByThePeriod() {
        assertEquals(STOPPED, cycle(NO_SYNC, null));
        transport.requestStart();
        assertEquals(ROLLING, cycle(NO_SYNC, null));
        assertEquals(0, seen.frame(), "the first rolling cycle starts where the transport stood");
        assertEquals(ROLLING, cycle(NO_SYNC, null));
        assertEquals(NFRAMES, seen.frame());
        cycle(NO_SYNC, null);
        transport.requestStop();
        assertEquals(STOPPED, cycle(NO_SYNC, null));
        assertEquals(3 * NFRAMES, seen.frame(), "three rolled periods");
        assertEquals(STOPPED, cycle(NO_SYNC, null));
        assertEquals(3 * NFRAMES, seen.frame(), "a stopped transport stays put");
        transport.requestLocate(48_000);
        cycle(NO_SYNC, null);
        assertEquals(48_000, seen.frame());
        assertFalse(seen.bbtValid(), "no master, no tempo: no BBT");
    }

    @Test
    void shouldHoldStartingUntilEverySlowSyncClientIsReady() {
        boolean[] ready = {true, false};
        List<TransportState> asked = new ArrayList<>();
        SyncCallback[] sync = {(s, p) -> ready[0], (s, p) -> {
            asked.add(s);
            return ready[1];
        }};
        transport.requestStart();
        for (int i = 0; i < 5; i++) {
            assertEquals(STARTING, cycle(sync, null), "cycle " + i);
            assertEquals(0, seen.frame(), "STARTING does not move");
        }
        ready[1] = true;
        assertEquals(ROLLING, cycle(sync, null));
        assertEquals(6, asked.size(), "the slow client was asked every cycle while STARTING");
        assertEquals(ROLLING, cycle(sync, null));
        assertEquals(6, asked.size(), "and never once it rolled");
        assertEquals(NFRAMES, seen.frame());
    }

    @Test
    void shouldRollWhenTheSyncTimeoutPasses() {
        transport.setSyncTimeout(10_000);
        SyncCallback[] never = {(s, p) -> false};
        transport.requestStart();
        int cycles = 0;
        while (cycle(never, null) == STARTING) {
            cycles++;
        }
        assertEquals(ROLLING, transport.view().read(seen));
        assertEquals(8, cycles, "10 ms of 1333 us cycles: STARTING for the cycles before the timeout");
    }

    @Test
    void shouldGoBackToStartingWhenLocatedWhileRollingWithSlowSyncClients() {
        boolean[] ready = {true};
        SyncCallback[] sync = {(s, p) -> ready[0]};
        transport.requestStart();
        assertEquals(ROLLING, cycle(sync, null));
        ready[0] = false;
        transport.requestLocate(1_000);
        assertEquals(STARTING, cycle(sync, null));
        assertEquals(1_000, seen.frame());
        ready[0] = true;
        assertEquals(ROLLING, cycle(sync, null));
        assertEquals(ROLLING, cycle(sync, null));
        assertEquals(1_000 + NFRAMES, seen.frame());
    }

    @Test
    void shouldLetTheTimebaseMasterFillBbtAndTellItOfNewPositions() {
        List<Boolean> fresh = new ArrayList<>();
        TimebaseCallback master = (state, nframes, position, newPosition) -> {
            fresh.add(newPosition);
            position.setBbtFromFrame(120, 3, 4, 960);
        };
        cycle(NO_SYNC, master);
        assertEquals(List.of(true), fresh, "the first call is a new position");
        cycle(NO_SYNC, master);
        assertEquals(1, fresh.size(), "stopped and not moved: not called");
        transport.requestStart();
        for (int i = 0; i < 10; i++) {
            cycle(NO_SYNC, master);
        }
        assertEquals(11, fresh.size(), "called every rolling cycle");
        transport.requestLocate(RATE * 3L); // 3 s at 120 bpm in 3/4: bar 3, beat 1
        cycle(NO_SYNC, master);
        assertTrue(fresh.get(fresh.size() - 1), "told of the locate");
        assertTrue(seen.bbtValid());
        assertEquals(3, seen.bar());
        assertEquals(1, seen.beat());
        assertEquals(0, seen.tick());
        assertEquals(120, seen.beatsPerMinute());
        cycle(NO_SYNC, null);
        assertFalse(seen.bbtValid(), "no master any more");
    }

    @Test
    void shouldCountBbtAtTheServersOwnTempoWithoutAMaster() {
        transport.setTempo(90);
        transport.requestLocate(RATE * 2L + RATE / 6); // 90 bpm: 3 beats, then a quarter of a beat
        cycle(NO_SYNC, null);
        assertTrue(seen.bbtValid());
        assertEquals(1, seen.bar());
        assertEquals(4, seen.beat());
        assertEquals(480, seen.tick(), "a quarter of 1920 ticks");
        assertEquals(4f, seen.beatsPerBar());
        assertEquals(90, seen.beatsPerMinute());
    }
}
