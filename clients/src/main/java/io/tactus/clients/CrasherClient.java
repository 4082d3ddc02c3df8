package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;

import java.nio.FloatBuffer;
import java.util.Locale;
import java.util.Objects;

/**
 * A client that fails at a chosen cycle, to test that the server removes it and nobody else notices:
 * copies {@code in_1} to {@code out_1} until then. {@link Mode#THROW} throws from the process callback,
 * which the server catches and answers with an eviction. {@link Mode#EXIT} halts the whole JVM
 * ({@code Runtime.halt(3)}, no shutdown hooks), as a client process that crashes would; it is meant for a
 * client running as its own process: in-process it takes the server down with it.
 */
public final class CrasherClient implements ProcessCallback {

    /** How the crasher fails. */
    public enum Mode {
        THROW, EXIT;

        /** Reads a {@code --crash-mode} value, case-insensitive. */
        public static Mode parse(String text) {
            if (text != null) {
                for (Mode mode : values()) {
                    if (mode.name().equalsIgnoreCase(text.trim())) {
                        return mode;
                    }
                }
            }
            throw new TactusException("--crash-mode must be throw or exit, not '" + text + "'");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The exit status of {@link Mode#EXIT}. */
    public static final int EXIT_STATUS = 3;

    private final Port in;
    private final Port out;
    private final long atCycle;
    private final Mode mode;
    private final RuntimeException failure;
    private long cycle; // engine thread only

    /** @param atCycle the failing cycle, counted from this client's first call (0 = the first) */
    public CrasherClient(TactusClient client, long atCycle, Mode mode) {
        if (atCycle < 0) {
            throw new IllegalArgumentException("the crasher must fail at cycle 0 or later, not " + atCycle);
        }
        this.atCycle = atCycle;
        this.mode = Objects.requireNonNull(mode, "mode");
        this.failure = new DeliberateFailure(failureMessage(atCycle));
        this.in = client.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT);
        this.out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /** The message of the exception {@link Mode#THROW} throws. */
    public static String failureMessage(long atCycle) {
        return "crasher: deliberate failure at cycle " + atCycle;
    }

    /** Realtime; allocation-free, also when it fails. */
    @Override
    public void process(int nframes) {
        if (cycle++ == atCycle) {
            if (mode == Mode.EXIT) {
                Runtime.getRuntime().halt(EXIT_STATUS);
            }
            throw failure;
        }
        FloatBuffer src = in.getFloatBuffer();
        FloatBuffer dst = out.getFloatBuffer();
        for (int i = 0; i < nframes; i++) {
            dst.put(i, src.get(i));
        }
    }

    /**
     * Made in the constructor, so failing allocates nothing on the realtime thread; without a stack
     * trace, which would only point at the constructor.
     */
    private static final class DeliberateFailure extends RuntimeException {
        DeliberateFailure(String message) {
            super(message, null, false, false);
        }
    }
}
