package io.tactus.server.engine;

import io.tactus.server.graph.PortNode;
import io.tactus.server.graph.TimedProcess;

import java.nio.FloatBuffer;

/**
 * A stand-in for an out-of-process client in the engine's warm-up ({@link EngineWarmup}): it copies its
 * input to its output, answers "timed out" every {@value #TIMEOUT_EVERY}th call, and stamps its own work
 * like a remote client does. Four final classes, so that every call site the engine has for timed
 * clients (a wave's leader wakes the other three) sees more receiver classes than C2 inlines for: the
 * server's real {@code RemoteProcess}, joining later, is then one more class at a virtual call, not a
 * failed type check that deoptimises the engine thread (docs/realtime.md; the JFR record is in
 * docs/measurements/from-code-server.md).
 */
abstract sealed class RehearsalClient implements TimedProcess
        permits RehearsalClient.First, RehearsalClient.Second, RehearsalClient.Third, RehearsalClient.Fourth {

    static final int TIMEOUT_EVERY = 7;

    private final PortNode in;
    private final PortNode out;
    private long calls;
    private boolean timedOut;
    private long ownStart;
    private long ownNanos;
    private long triggers;

    RehearsalClient(PortNode in, PortNode out) {
        this.in = in;
        this.out = out;
    }

    @Override
    public void trigger(int nframes) {
        triggers++;
    }

    @Override
    public void process(int nframes) {
        long start = System.nanoTime();
        FloatBuffer input = in.getFloatBuffer();
        FloatBuffer output = out.getFloatBuffer();
        calls++;
        timedOut = calls % TIMEOUT_EVERY == 0;
        if (timedOut) {
            for (int i = 0; i < nframes; i++) {
                output.put(i, 0f);
            }
            ownStart = 0;
            ownNanos = 0;
        } else {
            for (int i = 0; i < nframes; i++) {
                output.put(i, input.get(i));
            }
            ownStart = start;
            ownNanos = System.nanoTime() - start;
        }
    }

    @Override
    public boolean timedOut() {
        return timedOut;
    }

    @Override
    public long ownStart() {
        return ownStart;
    }

    @Override
    public long ownNanos() {
        return ownNanos;
    }

    /** How often another step woke this one ahead of its call (its wave's leader). */
    long triggers() {
        return triggers;
    }

    static final class First extends RehearsalClient {
        First(PortNode in, PortNode out) {
            super(in, out);
        }
    }

    static final class Second extends RehearsalClient {
        Second(PortNode in, PortNode out) {
            super(in, out);
        }
    }

    static final class Third extends RehearsalClient {
        Third(PortNode in, PortNode out) {
            super(in, out);
        }
    }

    static final class Fourth extends RehearsalClient {
        Fourth(PortNode in, PortNode out) {
            super(in, out);
        }
    }
}
