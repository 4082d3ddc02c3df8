package io.tactus.clients.javasound.programs;

import org.jaudiolibs.audioservers.AudioClient;
import org.jaudiolibs.audioservers.AudioConfiguration;
import org.jaudiolibs.audioservers.AudioServer;
import org.jaudiolibs.audioservers.AudioServerProvider;
import org.jaudiolibs.audioservers.ext.ClientID;
import org.jaudiolibs.audioservers.ext.Connections;

import java.nio.FloatBuffer;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A program written against jaudiolibs' {@code audioservers-api} alone, as PraxisLIVE and Beads are: it finds the
 * provider named by its first argument through {@code ServiceLoader}, asks for 44.1 kHz stereo out at 256 frames,
 * and plays a 440 Hz sine at the rate {@code configure} says it got, for the seconds of its second argument.
 */
public final class AudioServersSineProgram {

    public static final double HZ = 440;

    public static void main(String[] args) throws Exception {
        String library = args[0];
        long millis = (long) (Double.parseDouble(args[1]) * 1000);
        AudioServerProvider provider = null;
        for (AudioServerProvider candidate : ServiceLoader.load(AudioServerProvider.class)) {
            System.out.println("provider: " + candidate.getLibraryName());
            if (candidate.getLibraryName().equals(library)) {
                provider = candidate;
            }
        }
        if (provider == null) {
            System.out.println("no provider named " + library);
            System.exit(2);
        }
        AudioConfiguration wanted = new AudioConfiguration(44_100f, 0, 2, 256, true, new Object[] {
                new ClientID("AudioServersSine"), Connections.OUTPUT});
        Sine sine = new Sine();
        AudioServer server = provider.createServer(wanted, sine);
        Thread runner = new Thread(() -> {
            try {
                server.run();
            } catch (Exception e) {
                System.out.println("run failed: " + e.getMessage());
            }
        }, "audio-server");
        runner.start();
        Thread.sleep(millis);
        server.shutdown();
        runner.join(10_000);
        System.out.println("configured: " + sine.configured + "; " + sine.frames + " frames played; shut down: "
                + sine.shutDown);
        System.exit(0);
    }

    /** The program's audio: a sine, its phase carried across periods. */
    static final class Sine implements AudioClient {
        volatile String configured;
        volatile long frames;
        volatile boolean shutDown;
        private double step;
        private double phase;

        @Override
        public void configure(AudioConfiguration context) {
            configured = context.getSampleRate() + " Hz, " + context.getOutputChannelCount() + " out, "
                    + context.getMaxBufferSize() + " frames, fixed " + context.isFixedBufferSize();
            step = 2 * Math.PI * HZ / context.getSampleRate();
        }

        @Override
        public boolean process(long time, List<FloatBuffer> inputs, List<FloatBuffer> outputs, int nframes) {
            for (int i = 0; i < nframes; i++) {
                float x = (float) (0.5 * Math.sin(phase));
                for (FloatBuffer out : outputs) {
                    out.put(i, x);
                }
                phase += step;
            }
            phase %= 2 * Math.PI;
            frames += nframes;
            return true;
        }

        @Override
        public void shutdown() {
            shutDown = true;
        }
    }
}
