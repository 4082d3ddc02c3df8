package io.tactus.bench.stress;

import io.tactus.api.BufferSizeCallback;
import io.tactus.api.FreewheelCallback;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

/**
 * A client that checks, in each process call, that it runs at the period size its buffer-size callback was last
 * told (nframes and its port's limit both), and records the switches it was told of, in order, with the thread
 * that told it and the calls made between freewheel on and off. Allocation-free in the process call.
 */
final class SizeProbe implements ProcessCallback, BufferSizeCallback, FreewheelCallback {

    private final Port out;
    private volatile int expected;
    private volatile long calls;
    private volatile long wrongSize;
    private volatile long callsAtSize;
    private volatile long processThread;
    /** Sizes told, in order; then freewheel as -1 (on) and -2 (off). */
    private final int[] told = new int[32];
    private volatile int toldCount;
    private volatile boolean toldOnProcessThread = true;
    private volatile long callsAtFreewheelOn;
    private volatile long callsAtFreewheelOff;
    private volatile long nanosAtFreewheelOn;
    private volatile long nanosAtFreewheelOff;

    SizeProbe(TactusClient client) {
        this.expected = client.bufferSize();
        this.out = client.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
        client.setProcessCallback(this);
        client.setBufferSizeCallback(this);
        client.setFreewheelCallback(this);
    }

    @Override
    public void process(int nframes) {
        processThread = Thread.currentThread().getId();
        calls = calls + 1;
        if (nframes != expected | out.getFloatBuffer().limit() != nframes) {
            wrongSize = wrongSize + 1;
        } else {
            callsAtSize = callsAtSize + 1;
        }
        for (int i = 0; i < nframes; i++) {
            out.getFloatBuffer().put(i, 0f);
        }
    }

    @Override
    public void bufferSizeChanged(int nframes) {
        note(nframes);
        expected = nframes;
        callsAtSize = 0;
    }

    @Override
    public void freewheelChanged(boolean starting) {
        note(starting ? -1 : -2);
        if (starting) {
            callsAtFreewheelOn = calls;
            nanosAtFreewheelOn = System.nanoTime();
        } else {
            callsAtFreewheelOff = calls;
            nanosAtFreewheelOff = System.nanoTime();
        }
    }

    private void note(int what) {
        if (processThread != 0 && processThread != Thread.currentThread().getId()) {
            toldOnProcessThread = false;
        }
        told[toldCount] = what;
        toldCount = toldCount + 1;
    }

    long calls() {
        return calls;
    }

    long wrongSize() {
        return wrongSize;
    }

    long callsAtSize() {
        return callsAtSize;
    }

    int[] told() {
        return java.util.Arrays.copyOf(told, toldCount);
    }

    boolean toldOnProcessThread() {
        return toldOnProcessThread;
    }

    /** Process calls per second between the freewheel callbacks (on, then off). */
    double freewheelCallsPerSecond() {
        return (callsAtFreewheelOff - callsAtFreewheelOn) / ((nanosAtFreewheelOff - nanosAtFreewheelOn) / 1e9);
    }

    long freewheelCalls() {
        return callsAtFreewheelOff - callsAtFreewheelOn;
    }
}
