package io.tactus.clients.midi;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JDK's synthesizer rendered block by block, as the synth client drives it (needs the build's --add-exports). */
class JdkSynthTest {

    private static final int RATE = 48_000;
    private static final int BLOCK = 64;
    /** Frames a piano note takes from its first sample to a sample above 1e-3: the attack, not latency. */
    private static final int ATTACK_FRAMES = 8;

    @TempDir
    Path dir;

    @Test
    void shouldStartANoteExactlyOnsetBlocksAfterTheFrameItWasSentForWhateverItsOffset() throws Exception {
        for (int offset : new int[] {0, 17, BLOCK - 1}) {
            try (JdkSynth synth = JdkSynth.open(RATE, BLOCK, null)) {
                float[] left = new float[BLOCK];
                float[] right = new float[BLOCK];
                for (int b = 0; b < 10; b++) {
                    synth.render(left, right);
                }
                long sentFor = synth.framesRendered() + offset;
                assertTrue(synth.send(new byte[] {(byte) 0x90, 60, 100}, 3, offset));
                long onset = -1;
                for (int b = 0; b < 10 && onset < 0; b++) {
                    long start = synth.framesRendered();
                    synth.render(left, right);
                    for (int i = 0; i < BLOCK && onset < 0; i++) {
                        if (Math.abs(left[i]) > 1e-3) {
                            onset = start + i;
                        }
                    }
                }
                long late = onset - sentFor - (long) JdkSynth.ONSET_BLOCKS * BLOCK;
                assertTrue(late >= 0 && late <= ATTACK_FRAMES, "a note sent for offset " + offset
                        + " sounds " + JdkSynth.ONSET_BLOCKS + " blocks later plus its attack, not " + late + " frames after that");
            }
        }
    }

    @Test
    void shouldRefuseBytesThatAreNoMidiMessage() {
        try (JdkSynth synth = JdkSynth.open(RATE, BLOCK, null)) {
            assertFalse(synth.send(new byte[] {(byte) 0x90, (byte) 200, 100}, 3, 0), "a data byte above 127");
            assertFalse(synth.send(new byte[] {0x40, 100}, 2, 0), "a status byte missing");
            assertTrue(synth.send(new byte[] {(byte) 0xF0, 0x7E, 0x7F, 0x09, 0x01, (byte) 0xF7}, 6, 0), "GM on");
            assertTrue(synth.send(new byte[] {(byte) 0xC0, 5}, 2, 0), "a program change");
        }
    }

    @Test
    void shouldSayInOneSentenceThatAFileIsNoSoundbank() throws Exception {
        Path notABank = Files.writeString(dir.resolve("piano.sf2"), "not a soundfont");
        TactusException e = assertThrows(TactusException.class, () -> JdkSynth.open(RATE, BLOCK, notABank));
        assertEquals(notABank + " is not a SoundFont 2 or DLS soundbank the JDK can read", e.getMessage());
        TactusException missing = assertThrows(TactusException.class,
                () -> JdkSynth.open(RATE, BLOCK, dir.resolve("none.sf2")));
        assertEquals("there is no soundbank file " + dir.resolve("none.sf2"), missing.getMessage());
    }
}
