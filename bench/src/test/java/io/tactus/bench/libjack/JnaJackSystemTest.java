package io.tactus.bench.libjack;

import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.testing.Poll;
import org.jaudiolibs.jnajack.Jack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unmodified JNAJack program (org.jaudiolibs:jnajack from Maven Central, {@link JnaJackSine}) in a JVM of its
 * own, finding Tactus's libjack through {@code -Djna.library.path} alone, plays a 440 Hz sine into
 * system:playback_1 of a server with the wav driver; the file holds it at 440 Hz. Its callbacks hear the sample
 * rate, another client's port registered, an xrun and a switch of the period, and the server stopping.
 */
class JnaJackSystemTest {

    private static final String NAME = "jnajack-" + ProcessHandle.current().pid();
    private static final int RATE = 48_000;
    private static final double FREQUENCY = 440;
    private static final long STALL_NANOS = 20_000_000;

    @Test
    void shouldRecordTheSineOfAnUnmodifiedJnaJackProgramAndTellItsCallbacks(@TempDir Path dir) throws Exception {
        Path wav = dir.resolve("jnajack.wav");
        TactusServer server = TactusServer.start(LibjackSystemTest.settings(NAME,
                new WavDriver(new WavDriverSettings(null, wav, 2, 2, true, 0, null))));
        try (ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             TactusClient staller = server.openClient("staller");
             NativeClients clients = new NativeClients(NAME, control.directory().path())) {
            RampRecorder heard = new RampRecorder(probe); // here only its count of periods that were not silent
            probe.activate();
            AtomicBoolean stall = new AtomicBoolean();
            staller.setProcessCallback(nframes -> {
                if (stall.compareAndSet(true, false)) {
                    long end = System.nanoTime() + STALL_NANOS; // one cycle far past its deadline: an xrun
                    while (System.nanoTime() - end < 0) {
                        Thread.onSpinWait();
                    }
                }
            });
            staller.activate();

            // LD_LIBRARY_PATH emptied: the library is found through jna.library.path, as a JNAJack user sets it.
            NativeClients.Started program = clients.start(Map.of("LD_LIBRARY_PATH", ""), javaCommand(clients));
            Optional<String> playing = program.awaitLine("playing ", 300); // a JVM starting on a loaded machine
            assertTrue(playing.isPresent(), "the JNAJack program plays: " + program.output());
            System.out.println("JNAJack on Tactus: " + playing.get());
            assertEquals(List.of("system:playback_1"), probe.getConnections("jnajack:out"));
            assertTrue(program.lines().contains("sample-rate " + RATE), program.output());
            probe.connect("jnajack:out", "probe:in");
            assertTrue(Poll.within(30_000, () -> heard.periods() >= 1_500), "two seconds of sine: " + heard.periods());

            probe.registerPort("extra", PortType.AUDIO, PortFlag.OUTPUT);
            assertTrue(program.awaitLine("registered probe:extra", 30).isPresent(), program.output());

            long xrunsBefore = count(program, "xrun");
            stall.set(true);
            assertTrue(Poll.within(30_000, () -> count(program, "xrun") > xrunsBefore), "the xrun callback: "
                    + program.output());

            probe.setBufferSize(32); // smaller: JNAJack keeps a port's view while its address stays (see docs/libjack.md)
            assertTrue(program.awaitLine("buffer-size 32", 30).isPresent(), program.output());
            long afterSwitch = heard.periods();
            assertTrue(Poll.within(30_000, () -> heard.periods() >= afterSwitch + 3_000), "the sine plays on at 32");
            assertTrue(program.process().isAlive(), program.output());

            server.close(); // writes the file; the program's shutdown callback hears it
            assertTrue(program.awaitLine("shutdown", 30).isPresent(), program.output());
            System.out.println("JNAJack program's lines:\n" + program.output());
        } finally {
            server.close();
        }
        double recorded = SineFrequency.of(WavFiles.readAll(wav)[0], RATE);
        System.out.printf("JNAJack's %.0f Hz sine on Tactus, recorded by the wav driver: %.2f Hz%n", FREQUENCY, recorded);
        assertEquals(FREQUENCY, recorded, FREQUENCY * 0.01);
    }

    private static long count(NativeClients.Started program, String line) {
        return program.lines().stream().filter(line::equals).count();
    }

    /** This JVM's java, with only JNAJack, JNA and the program on the class path: nothing of Tactus. */
    private static String[] javaCommand(NativeClients clients) throws URISyntaxException {
        String classPath = String.join(java.io.File.pathSeparator, codeOf(Jack.class), codeOf(com.sun.jna.Native.class),
                codeOf(JnaJackSine.class));
        return new String[] {
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djna.library.path=" + clients.libraryDirectory(),
            "-cp", classPath,
            JnaJackSine.class.getName(), "jnajack", Double.toString(FREQUENCY), "system:playback_1"};
    }

    private static String codeOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
