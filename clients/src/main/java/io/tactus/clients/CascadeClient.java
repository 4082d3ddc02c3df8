package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * The work of JACK2's reference client for the chained comparison ({@code jtclient.c} beside the JACK2 reference
 * script): each input through {@code stages} cascaded one-pole low-pass stages, {@code y += 0.1 (x - y)}, to the
 * output of the same number, 4 x nframes x stages stage updates a period. {@link Jt3Client} does more for the same
 * {@code --work}: every output is the mean of all inputs (a multiply-add per input, output and frame) and each
 * stage adds a constant against denormals; here the head of a chain adds a -20 dBFS 100 Hz sawtooth to its inputs
 * instead, as the C client does, so that real data flows through every client after it (the sawtooth is computed
 * per channel here, once per frame there: a few operations a frame, in one client of a chain), and a state that
 * decays towards the denormals is flushed to zero once a period. The same arithmetic as the C client otherwise, for
 * comparisons with JACK2 that hold the clients' work equal. Allocation-free.
 */
public final class CascadeClient implements ProcessCallback {

    static final float FILTER_A = 0.1f;
    /**
     * A state below this is flushed to zero once a period. Without it, a client fed silence (the one before it gone,
     * or stepped in for) decays into the denormal range, where {@code y += 0.1 (0 - y)} rounds back to {@code y}
     * and every stage then runs a hundred times slower, for good: the C client has the same trap but is never fed
     * silence in JACK2's chain. 1e-30 is 580 dB below the sawtooth.
     */
    static final float DENORMAL_FLOOR = 1e-30f;
    private static final double SAW_HERTZ = 100;
    private static final double SAW_AMPLITUDE = 0.1; // -20 dBFS

    private final Port[] inputs;
    private final Port[] outputs;
    private final float[][] state;
    private final boolean saw;
    private final double sawStep;
    private double sawPhase;

    /**
     * @param saw add the sawtooth to the inputs: the head of a chain, or a client fed by nothing but silence
     */
    public CascadeClient(TactusClient client, int ports, int stages, boolean saw) {
        if (ports < 1) {
            throw new IllegalArgumentException("a cascade client needs at least one port pair, not " + ports);
        }
        if (stages < 0) {
            throw new IllegalArgumentException("stages must be 0 or more, not " + stages);
        }
        this.inputs = AudioPorts.inputs(client, ports);
        this.outputs = AudioPorts.outputs(client, ports);
        this.state = new float[ports][stages];
        this.saw = saw;
        this.sawStep = SAW_HERTZ / client.sampleRate();
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        double phase = sawPhase;
        for (int c = 0; c < inputs.length; c++) {
            FloatBuffer in = inputs[c].getFloatBuffer();
            FloatBuffer out = outputs[c].getFloatBuffer();
            float[] y = state[c];
            phase = sawPhase; // every channel gets the same sawtooth
            for (int i = 0; i < nframes; i++) {
                float x = in.get(i);
                if (saw) {
                    x += (float) (SAW_AMPLITUDE * (2.0 * phase - 1.0));
                    phase += sawStep;
                    if (phase >= 1.0) {
                        phase -= 1.0;
                    }
                }
                for (int k = 0; k < y.length; k++) {
                    y[k] += FILTER_A * (x - y[k]);
                    x = y[k];
                }
                out.put(i, x);
            }
            for (int k = 0; k < y.length; k++) {
                if (Math.abs(y[k]) < DENORMAL_FLOOR) {
                    y[k] = 0f; // a state decaying in silence sticks among the denormals, a hundred times slower
                }
            }
        }
        sawPhase = phase;
    }
}
