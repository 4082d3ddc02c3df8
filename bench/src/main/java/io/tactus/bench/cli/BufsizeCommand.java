package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;

/**
 * {@code tactus bufsize [N]}, as JACK's {@code jack_bufsize}: without N prints the period size a running server
 * runs at; with N asks it to switch, which it does at a cycle start without stopping, every client told before its
 * first call at the new size. One request over the control socket; a size the server cannot take is one sentence.
 */
@Command(name = "bufsize", mixinStandardHelpOptions = true,
        description = "Prints a running server's period size, or switches it to N frames (a power of two, 16 to 4096).")
public final class BufsizeCommand implements java.util.concurrent.Callable<Integer> {

    @Mixin
    ServerOption server;

    @Parameters(index = "0", arity = "0..1", paramLabel = "N", description = "the new period size in frames")
    Integer frames;

    @Override
    public Integer call() {
        try (RemoteTactusClient client = server.connect("bufsize")) {
            if (frames != null) {
                client.setBufferSize(frames);
            }
            PrintStream out = System.out;
            out.println("buffer size = " + client.bufferSize() + " frames");
            out.flush();
        }
        return 0;
    }
}
