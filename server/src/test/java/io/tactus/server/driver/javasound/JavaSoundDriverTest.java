package io.tactus.server.driver.javasound;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;

import static io.tactus.server.driver.javasound.JavaSoundFixtures.RATE;
import static io.tactus.testing.Poll.within;
import static io.tactus.server.driver.javasound.JavaSoundFixtures.device;
import static io.tactus.server.driver.javasound.JavaSoundFixtures.driverThreadsAlive;
import static io.tactus.testing.Poll.sleep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The javasound driver on the virtual device, called as the engine calls it but without the engine. */
class JavaSoundDriverTest {

    private static final int NFRAMES = 256;

    @Test
    void shouldOpenIn24BitPcmWithTheDevicesChannelsWhenItTakesNeitherFloatNor32Bit() {
        JavaSoundDriver driver = new JavaSoundDriver(device(3).withChannels(6));
        try {
            driver.open(RATE, NFRAMES);
            VirtualSourceLine line = VirtualDeviceProvider.DEVICE.source();

            assertEquals(24, line.getFormat().getSampleSizeInBits(), "float and 32-bit PCM were refused");
            assertEquals(2, driver.playbackChannels(), "6 channels refused: the 2 the device lists");
            assertEquals(2, driver.captureChannels());
            assertEquals(3 * NFRAMES * line.getFormat().getFrameSize(), line.getBufferSize(), "periods × nframes frames");
            assertEquals("javasound", driver.name());
            assertTrue(driver.isPaced());
        } finally {
            driver.close();
        }
    }

    @Test
    void shouldRefuseAnotherPeriodSizeInOneSentenceWhileItsLinesAreOpen() {
        JavaSoundDriver driver = new JavaSoundDriver(device(3));
        try {
            driver.open(RATE, NFRAMES);
            assertEquals(null, driver.refuseResize(NFRAMES), "the size it runs at is no switch");
            assertEquals("the javasound driver cannot change its period while its device lines are open; stop the "
                    + "server and start it again with -p 64", driver.refuseResize(64));
        } finally {
            driver.close();
        }
    }

    @Test
    void shouldSayInOneSentenceThatTheDeviceIsBusy() {
        JavaSoundDriver first = new JavaSoundDriver(device(3));
        first.open(RATE, NFRAMES);
        try {
            TactusException e = assertThrows(TactusException.class, () -> new JavaSoundDriver(device(3)).open(RATE, NFRAMES));
            assertEquals("Java Sound device 'Tactus Test Device' is busy or refused 24-bit PCM at 48000 Hz with 2 channel(s)"
                    + " (the virtual playback line is in use); close the program using it, or try another -r or --device",
                    e.getMessage());
        } finally {
            first.close();
        }
    }

    @Test
    void shouldRefuseFewerThanTwoPeriods() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> device(1));
        assertEquals("--periods must be at least 2, not 1", e.getMessage());
    }

    @Test
    void shouldCountEveryPeriodDroppedWhileTheDeviceIsStalledAndStopCleanly() {
        JavaSoundDriver driver = new JavaSoundDriver(device(3));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] playback = {FloatBuffer.allocate(NFRAMES), FloatBuffer.allocate(NFRAMES)};
        VirtualSourceLine line = VirtualDeviceProvider.DEVICE.source();
        line.freeze(true);
        long buffer = 3 * NFRAMES;

        // The first period starts the line behind two periods of silence: the buffer is then full.
        driver.write(playback, NFRAMES);
        assertTrue(within(5_000, () -> line.framesWritten() == buffer), "margin and first period written");
        // The second is taken by the writer, which then waits on the stalled device.
        driver.write(playback, NFRAMES);
        sleep(100);
        // Four fit the ring (3 periods + 1, rounded to a power of two); each one after that is dropped.
        for (int i = 0; i < 4 + 10; i++) {
            driver.write(playback, NFRAMES);
        }

        assertEquals(10, driver.playbackOverruns());
        assertEquals(0, driver.playbackUnderruns(), "a stalled device has not run dry");
        assertEquals(10, driver.xruns());
        long start = System.nanoTime();
        driver.close();
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "close does not wait for a stalled device");
        assertFalse(line.isOpen(), "playback line closed");
        assertFalse(VirtualDeviceProvider.DEVICE.target().isOpen(), "capture line closed");
        assertFalse(driverThreadsAlive(), "writer and reader threads joined");
        driver.close(); // idempotent
    }

    @Test
    void shouldCountOneUnderrunWhenTheDevicePlaysEverythingItHas() {
        JavaSoundDriver driver = new JavaSoundDriver(device(3));
        driver.open(RATE, NFRAMES);
        try {
            FloatBuffer[] playback = {FloatBuffer.allocate(NFRAMES), FloatBuffer.allocate(NFRAMES)};
            VirtualSourceLine line = VirtualDeviceProvider.DEVICE.source();
            driver.write(playback, NFRAMES);
            assertTrue(within(5_000, () -> line.framesWritten() == 3 * NFRAMES), "margin and first period written");

            line.runAhead(Long.MAX_VALUE); // plays all it has at once; then nothing comes for a while
            assertTrue(within(2_000, () -> driver.playbackUnderruns() == 1), "the writer saw the device run dry");
            sleep(100);
            assertEquals(1, driver.playbackUnderruns(), "one episode, however long it lasts");

            line.freeze(true); // hold the device so the refilled margin is not played dry again
            driver.write(playback, NFRAMES);
            assertTrue(within(2_000, () -> line.framesWritten() == 3 * NFRAMES + 2 * NFRAMES + NFRAMES),
                    "the next period comes behind a fresh margin of silence: " + line.framesWritten());
            assertEquals(1, driver.xruns());
        } finally {
            driver.close();
        }
    }
}
