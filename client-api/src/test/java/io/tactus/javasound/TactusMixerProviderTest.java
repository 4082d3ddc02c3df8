package io.tactus.javasound;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The provider as AudioSystem sees it, without a server: who gets which line, and the sentences of refusal. */
class TactusMixerProviderTest {

    private static final AudioFormat CD = new AudioFormat(44_100, 16, 2, true, false);
    private static final String[] KEYS = {JavaSoundSettings.SOURCE_LINE_PROPERTY, JavaSoundSettings.TARGET_LINE_PROPERTY,
            JavaSoundSettings.SERVER, "tactus.runtime.dir"};

    @TempDir
    Path runtime;

    @AfterEach
    void clearProperties() {
        for (String key : KEYS) {
            System.clearProperty(key);
        }
    }

    @Test
    void shouldStayOutOfAudioSystemWithoutTheProperty() {
        assertFalse(Arrays.stream(AudioSystem.getMixerInfo()).anyMatch(i -> i.getName().equals("Tactus")),
                "a program that only has the jar on its class path does not see the mixer");
        try {
            assertFalse(AudioSystem.getSourceDataLine(CD) instanceof TactusSourceLine);
        } catch (IllegalArgumentException | LineUnavailableException noDeviceHere) {
            // this host has no sound device; what matters is that Tactus did not answer
        }
    }

    @Test
    void shouldHandOutTactusLinesWhenThePropertiesNameIt() throws Exception {
        System.setProperty(JavaSoundSettings.SOURCE_LINE_PROPERTY, "#Tactus");
        SourceDataLine line = AudioSystem.getSourceDataLine(CD);
        assertInstanceOf(TactusSourceLine.class, line);
        assertEquals(CD, line.getFormat(), "the requested format is the line's default");
        assertFalse(line.isOpen());
        Mixer mixer = AudioSystem.getMixer(null);
        assertEquals("Tactus", mixer.getMixerInfo().getName(), "the default mixer of a program that asked for Tactus");
        assertFalse(mixer.isLineSupported(new DataLine.Info(TargetDataLine.class, CD)), "capture was not asked for");

        System.setProperty(JavaSoundSettings.TARGET_LINE_PROPERTY, "#Tactus");
        assertInstanceOf(TactusTargetLine.class, AudioSystem.getTargetDataLine(CD));
        AudioFormat floatMono = new AudioFormat(AudioFormat.Encoding.PCM_FLOAT, 22_050, 32, 1, 4, 22_050, true);
        assertInstanceOf(TactusSourceLine.class, AudioSystem.getSourceDataLine(floatMono));
    }

    @Test
    void shouldRefuseFormatsItCannotPlayWithOneSentence() throws Exception {
        System.setProperty(JavaSoundSettings.SOURCE_LINE_PROPERTY, "#Tactus");
        AudioFormat ulaw = new AudioFormat(AudioFormat.Encoding.ULAW, 8_000, 8, 1, 1, 8_000, false);
        assertFalse(AudioSystem.getMixer(TactusMixer.info()).isLineSupported(new DataLine.Info(SourceDataLine.class, ulaw)));
        SourceDataLine line = AudioSystem.getSourceDataLine(CD);
        AudioFormat surround = new AudioFormat(48_000, 16, 6, true, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> line.open(surround));
        assertEquals("Tactus lines play mono or stereo PCM (8/16/24/32-bit signed, 8/16-bit unsigned) or 32-bit float,"
                + " not " + surround, e.getMessage());
    }

    @Test
    void shouldSayThatNoServerRunsWhenOpeningWithoutOne() throws Exception {
        System.setProperty(JavaSoundSettings.SOURCE_LINE_PROPERTY, "#Tactus");
        System.setProperty(JavaSoundSettings.SERVER, "nobody-here");
        System.setProperty("tactus.runtime.dir", runtime.toString());
        SourceDataLine line = AudioSystem.getSourceDataLine(CD);
        LineUnavailableException e = assertThrows(LineUnavailableException.class, line::open);
        assertEquals("no Tactus server named 'nobody-here' is running; start one with ./tactus server", e.getMessage());
        assertFalse(line.isOpen());
        assertTrue(line.available() == 0 && line.write(new byte[4], 0, 4) == 0, "a line that did not open takes nothing");
    }
}
