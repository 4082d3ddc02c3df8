package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

import java.nio.FloatBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * The cascade's arithmetic, frame by frame, against the C reference client's recurrence: each input through the
 * stages to its own output, the state carried from one period to the next, the sawtooth only where asked for.
 */
class CascadeClientTest {

    private static final int FRAMES = 64;

    private final FloatBuffer[] in = new FloatBuffer[2];
    private final FloatBuffer[] out = new FloatBuffer[2];

    private ProcessCallback client(int stages, boolean saw) {
        TactusClient client = mock(TactusClient.class);
        when(client.sampleRate()).thenReturn(48_000);
        for (int p = 0; p < 2; p++) {
            in[p] = FloatBuffer.allocate(FRAMES);
            out[p] = FloatBuffer.allocate(FRAMES);
            Port input = mock(Port.class);
            Port output = mock(Port.class);
            when(input.getFloatBuffer()).thenReturn(in[p]);
            when(output.getFloatBuffer()).thenReturn(out[p]);
            when(client.registerPort("in_" + (p + 1), PortType.AUDIO, PortFlag.INPUT)).thenReturn(input);
            when(client.registerPort("out_" + (p + 1), PortType.AUDIO, PortFlag.OUTPUT)).thenReturn(output);
        }
        CascadeClient cascade = new CascadeClient(client, 2, stages, saw);
        ArgumentCaptor<ProcessCallback> callback = ArgumentCaptor.forClass(ProcessCallback.class);
        verify(client).setProcessCallback(callback.capture());
        assertEquals(cascade, callback.getValue());
        return cascade;
    }

    @Test
    void shouldPassEachInputThroughTheStagesToItsOwnOutputAndCarryTheStateOn() {
        ProcessCallback cascade = client(3, false);
        for (int i = 0; i < FRAMES; i++) {
            in[0].put(i, 1f);
            in[1].put(i, 0f);
        }
        float[] y = new float[3]; // the C client's recurrence, channel 0
        for (int period = 0; period < 3; period++) {
            cascade.process(FRAMES);
            for (int i = 0; i < FRAMES; i++) {
                float x = 1f;
                for (int k = 0; k < 3; k++) {
                    y[k] += 0.1f * (x - y[k]);
                    x = y[k];
                }
                assertEquals(x, out[0].get(i), 0f, "period " + period + ", frame " + i);
                assertEquals(0f, out[1].get(i), 0f, "silence in, silence out: no sawtooth and no mixing");
            }
        }
        assertEquals(0.1f * 0.1f * 0.1f, firstFrameOfAFreshClient(), 1e-9f);
    }

    private float firstFrameOfAFreshClient() {
        ProcessCallback fresh = client(3, false);
        in[0].put(0, 1f);
        fresh.process(1);
        return out[0].get(0);
    }

    @Test
    void shouldAddTheSameHundredHertzSawtoothAtMinusTwentyDecibelsToEveryInputOfTheHead() {
        ProcessCallback head = client(0, true); // no stages: the output is the input plus the sawtooth
        float[] expected = new float[FRAMES];
        double phase = 0;
        for (int period = 0; period < 10; period++) { // 640 frames: past the sawtooth's 480-frame period
            for (int i = 0; i < FRAMES; i++) {
                in[0].put(i, 0.5f);
                in[1].put(i, 0f);
                expected[i] = (float) (0.1 * (2 * phase - 1));
                phase += 100.0 / 48_000;
                if (phase >= 1) {
                    phase -= 1;
                }
            }
            head.process(FRAMES);
            float[] second = new float[FRAMES];
            out[1].get(0, second);
            assertArrayEquals(expected, second, 1e-6f, "period " + period);
            for (int i = 0; i < FRAMES; i++) {
                assertEquals(0.5f + expected[i], out[0].get(i), 1e-6f);
            }
        }
        assertEquals(-0.1f, sawAtFrame(0), 1e-6f);
        assertEquals(0f, sawAtFrame(240), 1e-6f);
    }

    private float sawAtFrame(int frame) {
        ProcessCallback head = client(0, true);
        for (int done = 0; done <= frame; done += FRAMES) {
            head.process(FRAMES);
        }
        return out[0].get(frame % FRAMES);
    }

    @Test
    void shouldFlushAStateDecayingInSilenceToZeroInsteadOfLeavingItAmongTheDenormals() {
        ProcessCallback cascade = client(16, false);
        for (int i = 0; i < FRAMES; i++) {
            in[0].put(i, 0.1f);
        }
        cascade.process(FRAMES);
        for (int i = 0; i < FRAMES; i++) {
            in[0].put(i, 0f); // the client before it is gone: silence from now on
        }
        int periods = 0;
        boolean denormalSeen = false;
        while (out[0].get(FRAMES - 1) != 0f && periods < 100) {
            cascade.process(FRAMES);
            for (int i = 0; i < FRAMES; i++) {
                float v = Math.abs(out[0].get(i));
                denormalSeen |= v != 0f && v < Float.MIN_NORMAL;
            }
            periods++;
        }
        assertEquals(0f, out[0].get(FRAMES - 1), "silent within 100 periods, not stuck: " + periods + " periods");
        assertEquals(false, denormalSeen, "no output among the denormals on the way down");
        cascade.process(FRAMES);
        for (int i = 0; i < FRAMES; i++) {
            assertEquals(0f, out[0].get(i), "and silent after");
        }
    }

    @Test
    void shouldRefuseNoPortsAndNegativeStagesInOneSentence() {
        TactusClient client = mock(TactusClient.class);
        when(client.registerPort(anyString(), any(), any())).thenReturn(mock(Port.class));
        assertEquals("a cascade client needs at least one port pair, not 0",
                assertThrows(IllegalArgumentException.class, () -> new CascadeClient(client, 0, 16, false)).getMessage());
        assertEquals("stages must be 0 or more, not -1",
                assertThrows(IllegalArgumentException.class, () -> new CascadeClient(client, 4, -1, false)).getMessage());
    }
}
