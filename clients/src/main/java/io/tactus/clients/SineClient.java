package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * A sine generator on one output port, {@code out}. The phase is kept in double precision and wrapped
 * each period, so the frequency stays exact over hours. Allocation-free.
 */
public final class SineClient implements ProcessCallback {

    private static final double TWO_PI = 2 * Math.PI;

    private final Port out;
    private final double increment;
    private final float amplitude;
    private double phase;

    public SineClient(TactusClient client, double frequencyHz, float amplitude) {
        if (!(frequencyHz > 0 && frequencyHz < client.sampleRate() / 2.0)) {
            throw new IllegalArgumentException("frequency " + frequencyHz + " Hz must lie between 0 and half the sample rate ("
                    + client.sampleRate() / 2 + " Hz)");
        }
        this.out = client.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
        this.increment = TWO_PI * frequencyHz / client.sampleRate();
        this.amplitude = amplitude;
        client.setProcessCallback(this);
    }

    public Port output() {
        return out;
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        FloatBuffer buffer = out.getFloatBuffer();
        double p = phase;
        for (int i = 0; i < nframes; i++) {
            buffer.put(i, (float) (amplitude * Math.sin(p)));
            p += increment;
        }
        phase = p % TWO_PI;
    }
}
