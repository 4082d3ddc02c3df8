package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * Multiplies each of N channels by a gain: {@code in_k} to {@code out_k}. A gain of exactly 1.0 passes
 * samples through bit for bit. The gain may be changed from any thread; the engine sees the new value
 * within a period. Allocation-free.
 */
public final class GainClient implements ProcessCallback {

    private final Port[] inputs;
    private final Port[] outputs;
    private volatile float gain;

    public GainClient(TactusClient client, int channels, float gain) {
        this.inputs = new Port[channels];
        this.outputs = new Port[channels];
        for (int c = 0; c < channels; c++) {
            inputs[c] = client.registerPort("in_" + (c + 1), PortType.AUDIO, PortFlag.INPUT);
            outputs[c] = client.registerPort("out_" + (c + 1), PortType.AUDIO, PortFlag.OUTPUT);
        }
        this.gain = gain;
        client.setProcessCallback(this);
    }

    public void setGain(float gain) {
        this.gain = gain;
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        float g = gain;
        for (int c = 0; c < inputs.length; c++) {
            FloatBuffer in = inputs[c].getFloatBuffer();
            FloatBuffer out = outputs[c].getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                out.put(i, in.get(i) * g);
            }
        }
    }
}
