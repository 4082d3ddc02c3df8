package io.tactus.ipc.graph;

import io.tactus.rt.Futex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rehearsal's rounds on a scratch segment of the test's own: round r, the writer in time when r is even, the
 * reader when r % 4 < 2; the reader's entries are its writer's output of the cycle and (feedback) its own of the
 * cycle before. Round 0's feedback entry reads cycle 0, which every port's valid word holds from creation.
 */
class ActivationRehearsalTest {

    @TempDir
    Path temp;

    private static boolean writerInTime(int r) {
        return (r & 1) == 0;
    }

    private static boolean readerInTime(int r) {
        return (r & 2) == 0;
    }

    private static boolean feedbackValid(int r) {
        return r == 0 || readerInTime(r - 1);
    }

    @Test
    void shouldMeetEveryOutcomeAsOftenAsTheRoundsSay() {
        try (GraphSegment segment = GraphSegment.create(temp, "rehearsal", ActivationRehearsal.LAYOUT, 1)) {
            ActivationRehearsal.Outcome o = ActivationRehearsal.rehearse(new GraphActivation(segment, Futex.linux()));
            int rounds = o.rounds();
            assertTrue(rounds > 100, "rounds run: " + rounds);
            int won = 0;
            int[] valid = new int[3];
            for (int r = 0; r < rounds; r++) {
                won += (writerInTime(r) ? 1 : 0) + (readerInTime(r) ? 1 : 0);
                valid[(writerInTime(r) ? 1 : 0) + (feedbackValid(r) ? 1 : 0)]++;
            }
            assertEquals(won, o.finishesWon());
            assertEquals(2 * rounds - won, o.finishesLost(), "finishes that lost to the server's time-out");
            assertEquals(valid[2], o.mixesWithEverySourceValid());
            assertEquals(valid[1], o.mixesWithOneSourceValid());
            assertEquals(valid[0], o.mixesWithNoSourceValid());
            assertTrue(valid[0] > 0 && valid[1] > 0 && valid[2] > 0, "every case came up");
            assertEquals(rounds, o.wakeUpsWithNothingToRun());
        }
    }

    /**
     * The reader's input after the last round: the writer's sample of the round (r) if it finished in time, plus
     * the reader's own of the round before (-(r - 1)) if that one did; silence when neither.
     */
    @Test
    void shouldLeaveTheReaderTheMixOfItsValidSourcesOrSilence() {
        try (GraphSegment segment = GraphSegment.create(temp, "rehearsal", ActivationRehearsal.LAYOUT, 1)) {
            int r = ActivationRehearsal.rehearse(new GraphActivation(segment, Futex.linux())).rounds() - 1;
            float expected = (writerInTime(r) ? r : 0) + (feedbackValid(r) ? -(r - 1) : 0);
            assertEquals(expected, segment.buffer(2).get(0), "frame 0 of the reader's input after round " + r);
        }
    }
}
