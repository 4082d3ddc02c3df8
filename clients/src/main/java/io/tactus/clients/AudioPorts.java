package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;

/** The numbered audio ports of the test clients, JACK-style: {@code in_1..in_N}, {@code out_1..out_N}. */
final class AudioPorts {

    private AudioPorts() {
    }

    /** Registers {@code in_1} to {@code in_N}, in that order. */
    static Port[] inputs(TactusClient client, int n) {
        return register(client, "in_", n, PortFlag.INPUT);
    }

    /** Registers {@code out_1} to {@code out_N}, in that order. */
    static Port[] outputs(TactusClient client, int n) {
        return register(client, "out_", n, PortFlag.OUTPUT);
    }

    private static Port[] register(TactusClient client, String prefix, int n, PortFlag flag) {
        Port[] ports = new Port[n];
        for (int p = 0; p < n; p++) {
            ports[p] = client.registerPort(prefix + (p + 1), PortType.AUDIO, flag);
        }
        return ports;
    }
}
