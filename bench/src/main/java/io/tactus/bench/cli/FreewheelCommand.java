package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code tactus freewheel on|off}, as JACK's {@code jack_freewheel}: the server runs cycles as fast as its graph
 * allows, off the driver's clock and off the realtime class, until {@code off} puts it back on the driver's clock
 * and its priority. One request over the control socket.
 */
@Command(name = "freewheel", mixinStandardHelpOptions = true,
        description = "Starts (on) or ends (off) a running server's freewheel: cycles as fast as the graph allows.")
public final class FreewheelCommand implements java.util.concurrent.Callable<Integer> {

    @Mixin
    ServerOption server;

    @Parameters(index = "0", paramLabel = "on|off", description = "on starts freewheeling, off ends it")
    String state;

    @Override
    public Integer call() {
        boolean on = switch (state) {
            case "on", "yes", "1" -> true;
            case "off", "no", "0" -> false;
            default -> throw new TactusException("freewheel takes on or off, not '" + state + "'");
        };
        try (RemoteTactusClient client = server.connect("freewheel")) {
            client.setFreewheel(on);
        }
        System.out.println("freewheel " + (on ? "on" : "off"));
        return 0;
    }
}
