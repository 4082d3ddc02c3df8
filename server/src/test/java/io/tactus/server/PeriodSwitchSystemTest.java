package io.tactus.server;

import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.AudioDriver;
import io.tactus.server.driver.DummyDriver;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicLong;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Period switches on an in-process server (issue 20): a driver that cannot follow refuses in its sentence with
 * nothing changed; the frame time goes on across a switch, a period of the new size later each cycle; asking for
 * what the server runs at changes nothing.
 */
class PeriodSwitchSystemTest {

    /** A silent device whose period is fixed, as a sound card's line can be. */
    private static final class FixedDriver extends AudioDriver {
        private final DummyDriver silent = new DummyDriver(2, 2);

        FixedDriver() {
            this.captureChannels = 2;
            this.playbackChannels = 2;
        }

        @Override
        public String refuseResize(int nframes) {
            return "this device runs at 64 frames only; restart the server with -p " + nframes;
        }

        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public void open(int sampleRate, int nframes) {
        }

        @Override
        public boolean read(FloatBuffer[] capture, int nframes) {
            return silent.read(capture, nframes);
        }

        @Override
        public void write(FloatBuffer[] playback, int nframes) {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void shouldRefuseInTheDriversSentenceAndChangeNothingWhenTheDriverCannotFollow() {
        try (TactusServer server = TactusServer.start(ServerTestSupport.settings(SchedulingSettings.other(0))
                .withDriver(new FixedDriver()))) {
            TactusException refused = assertThrows(TactusException.class, () -> server.setBufferSize(256));
            assertEquals("this device runs at 64 frames only; restart the server with -p 256", refused.getMessage());
            assertEquals(64, server.bufferSize());
            TactusException odd = assertThrows(TactusException.class, () -> server.setBufferSize(96));
            assertEquals("the buffer size must be a power of two from 16 to 4096 frames, not 96; nothing was changed",
                    odd.getMessage());
        }
    }

    @Test
    void shouldAdvanceTheFrameTimeByTheNewPeriodFromTheSwitchOn() throws Exception {
        try (TactusServer server = TactusServer.start(ServerTestSupport.settings(SchedulingSettings.other(0)));
             TactusClient client = server.openClient("clock")) {
            AtomicLong lastFrame = new AtomicLong(-1);
            AtomicLong lastStep = new AtomicLong();
            AtomicLong steps = new AtomicLong();
            AtomicLong sizeAtStep = new AtomicLong();
            client.setProcessCallback(nframes -> {
                long frame = client.clock().lastFrameTime();
                long previous = lastFrame.getAndSet(frame);
                if (previous >= 0) {
                    lastStep.set(frame - previous);
                    sizeAtStep.set(nframes);
                    steps.incrementAndGet();
                }
            });
            client.activate();
            assertTrue(within(5_000, () -> steps.get() > 50), "the client runs");
            long before = server.periodSwitches();
            client.setBufferSize(128);
            assertTrue(server.periodSwitches() > before, "the engine switched before setBufferSize returned");
            long mark = steps.get();
            assertTrue(within(5_000, () -> steps.get() > mark + 50), "the client runs at 128");
            // An overrun skips periods (the frame time jumps by several), so look for a step of exactly one period.
            assertTrue(within(5_000, () -> lastStep.get() == 128 && sizeAtStep.get() == 128),
                    "a cycle later the frame time is one new period on: " + lastStep.get());
            assertEquals(128, client.bufferSize());
            long switches = server.periodSwitches();
            client.setBufferSize(128); // what it runs at: nothing to do
            client.setFreewheel(false); // not freewheeling: nothing to do
            assertEquals(switches, server.periodSwitches(), "no switch for what already is");
            assertFalse(server.isFreewheeling());
        }
    }
}
