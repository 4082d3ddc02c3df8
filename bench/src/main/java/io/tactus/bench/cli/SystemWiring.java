package io.tactus.bench.cli;

import io.tactus.api.Port;
import io.tactus.api.PortType;

import java.util.List;

/** What {@code tactus client --connect} wires: a client's ports to the driver's, as JACK's tools do. */
final class SystemWiring {

    private SystemWiring() {
    }

    /**
     * JACK's usual wiring: the n-th input from {@code system:capture_n}, the n-th output to
     * {@code system:playback_n}; a client with one output (the sine) feeds every playback port. Audio ports
     * only: the driver has no MIDI ports.
     */
    static void connect(PortRecorder client) {
        List<String> all = client.getPorts();
        List<String> captures = all.stream().filter(p -> p.startsWith("system:capture_")).toList();
        List<String> playbacks = all.stream().filter(p -> p.startsWith("system:playback_")).toList();
        List<Port> inputs = client.inputs().stream().filter(p -> p.type() == PortType.AUDIO).toList();
        List<Port> outputs = client.outputs().stream().filter(p -> p.type() == PortType.AUDIO).toList();
        for (int i = 0; i < Math.min(inputs.size(), captures.size()); i++) {
            client.connect(captures.get(i), inputs.get(i).name());
        }
        if (outputs.size() == 1) {
            for (String playback : playbacks) {
                client.connect(outputs.get(0).name(), playback);
            }
        } else {
            for (int i = 0; i < Math.min(outputs.size(), playbacks.size()); i++) {
                client.connect(outputs.get(i).name(), playbacks.get(i));
            }
        }
    }
}
