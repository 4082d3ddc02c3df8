package io.tactus.server;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/** A small jack_test3-like client for server tests: 2 in, 2 out, each output the mean of the inputs. */
public final class TestMixer {

    public final TactusClient client;
    private final Port[] in = new Port[2];
    private final Port[] out = new Port[2];
    public volatile long calls;

    public TestMixer(TactusServer server, String name) {
        client = server.openClient(name);
        for (int p = 0; p < 2; p++) {
            in[p] = client.registerPort("in_" + (p + 1), PortType.AUDIO, PortFlag.INPUT);
            out[p] = client.registerPort("out_" + (p + 1), PortType.AUDIO, PortFlag.OUTPUT);
        }
        client.setProcessCallback(this::process);
        client.activate();
    }

    private void process(int nframes) {
        FloatBuffer a = in[0].getFloatBuffer();
        FloatBuffer b = in[1].getFloatBuffer();
        for (Port port : out) {
            FloatBuffer o = port.getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                o.put(i, 0.5f * (a.get(i) + b.get(i)) + 0.001f);
            }
        }
        calls++;
    }
}
