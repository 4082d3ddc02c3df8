package io.tactus.server.driver.wav;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.tactus.server.driver.wav.WavFixtures.NFRAMES;
import static io.tactus.server.driver.wav.WavFixtures.RATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WavDriverErrorsTest {

    @TempDir
    Path dir;

    @Test
    void shouldNameAMissingInputFile() {
        TactusException e = openFails(dir.resolve("missing.wav"), dir.resolve("out.wav"));

        assertMentions(e, "missing.wav", "does not exist");
        assertEquals(0, countFiles(), "nothing created when open fails");
    }

    @Test
    void shouldNameTheFileAndBothRatesWhenTheInputRateDiffers() throws Exception {
        Path in = dir.resolve("cd.wav");
        AudioFormat cd = new AudioFormat(44_100, 16, 2, true, false);
        WavFixtures.write(in, cd, new byte[4 * 100]);

        TactusException e = openFails(in, dir.resolve("out.wav"));

        assertMentions(e, "cd.wav", "44100 Hz", "48000 Hz", "-r 44100");
    }

    @Test
    void shouldNameATextFilePretendingToBeWav() throws Exception {
        Path in = Files.writeString(dir.resolve("notes.wav"), "these are not the samples you are looking for\n");

        assertMentions(openFails(in, null), "notes.wav", "not a WAV file");
    }

    @Test
    void shouldNameAnAiffFileAsNotWav() throws Exception {
        Path in = dir.resolve("mac.aiff");
        AudioFormat format = new AudioFormat(RATE, 16, 1, true, true);
        try (AudioInputStream stream = new AudioInputStream(new ByteArrayInputStream(new byte[200]), format, 100)) {
            AudioSystem.write(stream, AudioFileFormat.Type.AIFF, in.toFile());
        }

        assertMentions(openFails(in, null), "mac.aiff", "not WAV");
    }

    @Test
    void shouldNameAnOutputFileInADirectoryThatDoesNotExist() {
        Path out = dir.resolve("no/such/dir/take1.wav");

        assertMentions(openFails(null, out), "take1.wav", "does not exist");
    }

    @Test
    void shouldNameAnOutputFileWhoseParentIsAFile() throws Exception {
        Path out = Files.writeString(dir.resolve("plain.txt"), "x").resolve("take2.wav");

        assertMentions(openFails(null, out), "take2.wav", "not a directory");
    }

    @Test
    void shouldNameAnOutputPathThatIsADirectory() throws Exception {
        Path out = Files.createDirectory(dir.resolve("take3.wav"));

        assertMentions(openFails(null, out), "take3.wav", "is a directory");
    }

    private TactusException openFails(Path in, Path out) {
        WavDriver driver = new WavDriver(new WavDriverSettings(in, out, 2, 0, false, 0, null));
        TactusException e = assertThrows(TactusException.class, () -> driver.open(RATE, NFRAMES));
        driver.close(); // still safe after a failed open
        return e;
    }

    private static void assertMentions(TactusException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + e.getMessage() + "' should mention " + part);
        }
        assertEquals(-1, e.getMessage().indexOf('\n'), "one sentence, no stack trace");
    }

    private long countFiles() {
        try (var files = Files.list(dir)) {
            return files.count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
