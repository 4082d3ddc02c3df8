package io.tactus.bench.libjack;

import org.jaudiolibs.jnajack.Jack;
import org.jaudiolibs.jnajack.JackClient;
import org.jaudiolibs.jnajack.JackOptions;
import org.jaudiolibs.jnajack.JackPort;
import org.jaudiolibs.jnajack.JackPortFlags;
import org.jaudiolibs.jnajack.JackPortRegistrationCallback;
import org.jaudiolibs.jnajack.JackPortType;
import org.jaudiolibs.jnajack.JackStatus;

import java.nio.FloatBuffer;
import java.util.EnumSet;

/**
 * A JNAJack program as its users write them for JACK, and nothing of Tactus: it opens a client, plays a sine of
 * the frequency given into the port given, and prints its callbacks one line each (sample rate, buffer size,
 * port registration, xrun, shutdown) for {@code JnaJackSystemTest}, which runs it in a JVM of its own with
 * {@code -Djna.library.path} at Tactus's libjack. Runs until its standard input closes.
 *
 * <p>Arguments: {@code CLIENT FREQUENCY_HZ DESTINATION_PORT}.
 */
public final class JnaJackSine {

    private static final double TWO_PI = 2 * Math.PI;

    private JnaJackSine() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        double frequency = Double.parseDouble(args[1]);
        String destination = args[2];

        Jack jack = Jack.getInstance();
        EnumSet<JackStatus> status = EnumSet.noneOf(JackStatus.class);
        JackClient client = jack.openClient(name, EnumSet.of(JackOptions.JackNoStartServer), status);
        JackPort out = client.registerPort("out", JackPortType.AUDIO, JackPortFlags.JackPortIsOutput);
        double step = TWO_PI * frequency / client.getSampleRate();
        double[] phase = {0};
        client.setProcessCallback((c, nframes) -> {
            FloatBuffer buffer = out.getFloatBuffer();
            double p = phase[0];
            for (int i = 0; i < nframes; i++) {
                buffer.put(i, (float) (0.5 * Math.sin(p)));
                p += step;
            }
            phase[0] = p % TWO_PI;
            return true;
        });
        client.setSampleRateCallback((c, rate) -> say("sample-rate " + rate));
        client.setBuffersizeCallback((c, nframes) -> say("buffer-size " + nframes));
        client.setXrunCallback(c -> say("xrun"));
        client.setPortRegistrationCallback(new JackPortRegistrationCallback() {
            @Override
            public void portRegistered(JackClient c, String port) {
                say("registered " + port);
            }

            @Override
            public void portUnregistered(JackClient c, String port) {
                say("unregistered " + port);
            }
        });
        client.onShutdown(c -> say("shutdown"));
        client.activate();
        jack.connect(client, out.getName(), destination);
        say("playing " + out.getName() + " -> " + destination + ", " + client.getSampleRate() + " Hz, period "
                + client.getBufferSize() + ", status " + status);

        while (System.in.read() >= 0) {
            // the test ends the program by closing its input, or by stopping it
        }
        client.close();
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
