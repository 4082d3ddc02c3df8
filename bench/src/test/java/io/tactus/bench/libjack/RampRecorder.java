package io.tactus.bench.libjack;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * An in-process client that checks, sample by sample, the ramp the native test client plays (sample k is
 * k mod 4096 / 4096, exact in float): within each period every sample must be the one after its predecessor.
 * A silent period (a source the server gave up on reads as silence) is counted apart, not checked.
 */
final class RampRecorder implements ProcessCallback {

    private static final float STEP = 1f / 4096f;

    private final Port in;
    private volatile long periods;
    private volatile long silentPeriods;
    private volatile long mismatches;

    RampRecorder(TactusClient client) {
        this.in = client.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        FloatBuffer b = in.getFloatBuffer();
        boolean silent = true;
        for (int i = 0; i < nframes && silent; i++) {
            silent = b.get(i) == 0f;
        }
        if (silent) {
            silentPeriods++;
            return;
        }
        long wrong = 0;
        for (int i = 1; i < nframes; i++) {
            float previous = b.get(i - 1);
            float expected = previous + STEP >= 1f ? 0f : previous + STEP;
            if (b.get(i) != expected) {
                wrong++;
            }
        }
        if (wrong != 0) {
            mismatches += wrong;
        }
        periods++;
    }

    /** Periods that carried the ramp. */
    long periods() {
        return periods;
    }

    long silentPeriods() {
        return silentPeriods;
    }

    /** Samples that did not follow their predecessor. */
    long mismatches() {
        return mismatches;
    }
}
