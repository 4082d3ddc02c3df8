package io.tactus.clients.midi;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The metronome's beat arithmetic: exact for every beat, however far, and a click shorter than a beat. */
class MetroClientTest {

    @Test
    void shouldPlaceBeatKAtTheFloorOfKTimesTheExactIntervalForAYear() {
        int[] rates = {44_100, 48_000, 96_000, 192_000};
        int[] tempos = {1, 7, 120, 133, 999};
        for (int rate : rates) {
            for (int bpm : tempos) {
                long aYear = 365L * 24 * 60 * bpm;
                for (long k : new long[]{0, 1, 2, 3, 1_000, 123_457, aYear / 2, aYear}) {
                    long exact = BigInteger.valueOf(k).multiply(BigInteger.valueOf(60L * rate))
                            .divide(BigInteger.valueOf(bpm)).longValueExact();
                    assertEquals(exact, MetroClient.beatFrame(k, bpm, rate), "beat " + k + " at " + bpm + " bpm, " + rate + " Hz");
                }
            }
        }
        assertEquals(24_000, MetroClient.beatFrame(1, 120, 48_000));
        assertEquals(2_882, MetroClient.beatFrame(1, 999, 48_000));
        assertEquals(2_882_882, MetroClient.beatFrame(1_000, 999, 48_000), "a rounded interval would give 2882000 or 2883000");
    }

    @Test
    void shouldEndTheClickAndItsNoteWithinTheBeat() {
        assertEquals(4_800, MetroClient.clickFrames(48_000, 120), "100 ms at a slow tempo");
        assertEquals(1_441, MetroClient.clickFrames(48_000, 999), "half a beat at a fast one");
        for (int bpm = MetroClient.MIN_BPM; bpm <= MetroClient.MAX_BPM; bpm++) {
            assertTrue(MetroClient.clickFrames(44_100, bpm) < MetroClient.beatFrame(1, bpm, 44_100), bpm + " bpm");
        }
    }
}
