package io.tactus.javasound;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaSoundSettingsTest {

    @Test
    void shouldNameTheClientAfterTheMainClassOrJar() {
        assertEquals("ToneMain", JavaSoundSettings.programName("com.example.ToneMain --loud"));
        assertEquals("player", JavaSoundSettings.programName("/opt/apps/player.jar song.wav"));
        assertEquals("Hello", JavaSoundSettings.programName("Hello.java"));
        assertEquals("javasound", JavaSoundSettings.programName(null));
        assertEquals("my_app", JavaSoundSettings.sanitize("my:app"));
        assertEquals("javasound", JavaSoundSettings.sanitize("::"));
    }

    @Test
    void shouldOfferLinesOnlyWhenAJavaSoundPropertyNamesTactus() {
        String source = JavaSoundSettings.SOURCE_LINE_PROPERTY;
        assertFalse(JavaSoundSettings.offers(new Properties(), source));
        assertTrue(JavaSoundSettings.offers(with(source, "#Tactus"), source));
        assertTrue(JavaSoundSettings.offers(with(source, TactusMixerProvider.class.getName()), source));
        assertTrue(JavaSoundSettings.offers(with(source, TactusMixerProvider.class.getName() + "#Tactus"), source));
        assertFalse(JavaSoundSettings.offers(with(source, "#PulseAudio Mixer"), source));
        assertFalse(JavaSoundSettings.offers(with(source, "#Tactus"), JavaSoundSettings.TARGET_LINE_PROPERTY));
        assertTrue(JavaSoundSettings.offers(with(JavaSoundSettings.ENABLE, "true"), JavaSoundSettings.TARGET_LINE_PROPERTY));
    }

    @Test
    void shouldReadEveryPropertyAndRefuseABadBufferWithOneSentence() {
        Properties p = with(JavaSoundSettings.SERVER, "studio");
        p.setProperty(JavaSoundSettings.NAME, "synth");
        p.setProperty(JavaSoundSettings.CONNECT, "false");
        p.setProperty(JavaSoundSettings.PLAYBACK, "mixer:in_");
        p.setProperty(JavaSoundSettings.BUFFER_MILLIS, "50");
        assertEquals(new JavaSoundSettings("studio", "synth", false, "mixer:in_", "system:capture_", 50),
                JavaSoundSettings.of(p));
        p.setProperty(JavaSoundSettings.BUFFER_MILLIS, "lots");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaSoundSettings.of(p));
        assertEquals("tactus.javasound.buffer.ms must be a whole number of milliseconds from 5 to 10000, not 'lots'",
                e.getMessage());
    }

    @Test
    void shouldConnectChannelsToNumberedPortsInNumberOrder() {
        List<String> ports = List.of("system:capture_1", "system:playback_10", "system:playback_2", "system:playback_1",
                "sine:out", "system:playback_x");
        assertEquals(List.of("system:playback_1", "system:playback_2", "system:playback_10"),
                AutoConnect.peers(ports, "system:playback_"));
    }

    @Test
    void shouldFeedMonoPlaybackToBothSpeakersAndWrapStereoOntoOnePort() {
        assertPairs(AutoConnect.pairs(1, 2, true), new int[] {0, 0}, new int[] {0, 1});
        assertPairs(AutoConnect.pairs(2, 2, true), new int[] {0, 0}, new int[] {1, 1});
        assertPairs(AutoConnect.pairs(2, 1, true), new int[] {0, 0}, new int[] {1, 0});
        assertPairs(AutoConnect.pairs(1, 2, false), new int[] {0, 0});
        assertPairs(AutoConnect.pairs(2, 0, true));
    }

    private static void assertPairs(List<int[]> actual, int[]... expected) {
        assertEquals(expected.length, actual.size());
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], actual.get(i));
        }
    }

    private static Properties with(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }
}
