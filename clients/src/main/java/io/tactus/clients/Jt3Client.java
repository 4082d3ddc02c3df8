package io.tactus.clients;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * The jack_test3 mixer: N inputs and N outputs, every output the mean of all inputs (N x N x nframes
 * multiply-adds per period, as the 2005 test). {@code work} sizes the load: each output sample also
 * passes that many cascaded one-pole low-pass stages, {@code y += 0.1 (x - y)}. With MIDI ({@code stress --midi})
 * it also passes every event of {@code midi_in} to {@code midi_out}, at its frame. Allocation-free.
 */
public final class Jt3Client implements ProcessCallback {

    /** Keeps the filter state out of the denormal range, where x86 arithmetic is a hundred times slower. */
    private static final float ANTI_DENORMAL = 1e-18f;

    private final Port[] inputs;
    private final Port[] outputs;
    private final FloatBuffer[] in;
    private final float[][] state;
    private final float scale;
    private final Port midiIn;
    private final Port midiOut;
    private volatile long midiLost;

    public Jt3Client(TactusClient client, int ports, int work) {
        this(client, ports, work, false);
    }

    public Jt3Client(TactusClient client, int ports, int work, boolean midi) {
        if (ports < 1) {
            throw new IllegalArgumentException("a jack_test3 client needs at least one port pair, not " + ports);
        }
        if (work < 0) {
            throw new IllegalArgumentException("work must be 0 or more filter stages, not " + work);
        }
        this.inputs = AudioPorts.inputs(client, ports);
        this.outputs = AudioPorts.outputs(client, ports);
        this.in = new FloatBuffer[ports];
        this.state = new float[ports][work];
        this.scale = 1f / ports;
        this.midiIn = midi ? client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT) : null;
        this.midiOut = midi ? client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT) : null;
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        FloatBuffer[] in = this.in;
        for (int p = 0; p < in.length; p++) {
            in[p] = inputs[p].getFloatBuffer();
        }
        for (int o = 0; o < outputs.length; o++) {
            FloatBuffer out = outputs[o].getFloatBuffer();
            float[] y = state[o];
            for (int i = 0; i < nframes; i++) {
                float x = 0f;
                for (FloatBuffer input : in) {
                    x += input.get(i) * scale;
                }
                for (int s = 0; s < y.length; s++) {
                    y[s] += 0.1f * (x - y[s]) + ANTI_DENORMAL;
                    x = y[s];
                }
                out.put(i, x);
            }
        }
        if (midiIn != null) {
            passMidi();
        }
    }

    /** Realtime, allocation-free: every input event to the output; one the output has no room for is counted. */
    private void passMidi() {
        MidiBuffer from = midiIn.getMidiBuffer();
        MidiBuffer to = midiOut.getMidiBuffer(); // empty: the server clears MIDI outputs before each callback
        long lost = 0;
        for (int e = 0; e < from.eventCount(); e++) {
            if (!to.append(from, e)) {
                lost++;
            }
        }
        if (lost != 0) {
            midiLost += lost;
        }
    }

    /** MIDI events the output had no room for. */
    public long midiLost() {
        return midiLost;
    }
}
