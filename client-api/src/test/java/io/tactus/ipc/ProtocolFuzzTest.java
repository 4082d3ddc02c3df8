package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Whatever arrives, the decoder answers with frames or a {@link ProtocolException}: never another
 * exception, never a hang (the timeout runs the test on its own thread and abandons it), never a big
 * allocation. Seeded, so a failure replays.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProtocolFuzzTest {

    private static final int ITERATIONS = 20_000;
    /** The decoder may buffer one 64 KiB frame; anything much larger means a length was trusted. */
    private static final long MAX_ALLOCATION_PER_INPUT = 1 << 20;

    @Test
    void shouldRejectRandomBytesWithAProtocolException() {
        Random random = new Random(20_240_601L);
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] input = new byte[1 + random.nextInt(300)]; // empty input is a clean end, not an error
            random.nextBytes(input);
            Outcome outcome = feed(input, random);
            assertEquals(0, outcome.frames, "random bytes decoded as a frame, input " + i);
            assertTrue(outcome.error != null, "random bytes were not rejected, input " + i);
        }
    }

    /** Past the length check: a plausible header, then random fields, exercise every body reader. */
    @Test
    void shouldRejectOrDecodeRandomBodiesBehindAValidHeader() {
        Random random = new Random(7L);
        MessageType[] types = MessageType.values();
        int rejected = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            MessageType type = types[random.nextInt(types.length)];
            byte[] body = new byte[random.nextInt(64)];
            random.nextBytes(body);
            int requestId = type.isNotification() ? 0 : 1 + random.nextInt(1000);
            byte[] input = RawFrame.header(type, requestId).bytes(body).toBytes();
            if (feed(input, random).error != null) {
                rejected++;
            }
        }
        assertTrue(rejected > ITERATIONS / 2, "most random bodies are invalid, only " + rejected + " were");
    }

    /** Valid frames with a few bytes changed: still either decoded or rejected in one sentence. */
    @Test
    void shouldRejectOrDecodeMutatedValidFrames() {
        Random random = new Random(99L);
        byte[] valid = ControlCodecTest.concatBytes(Samples.everyMessageType());
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] input = valid.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                input[random.nextInt(input.length)] = (byte) random.nextInt(256);
            }
            feed(input, random);
        }
    }

    /** Feeds the input in random chunks, then ends the stream; fails on anything but a ProtocolException. */
    private static Outcome feed(byte[] input, Random random) {
        ControlDecoder decoder = new ControlDecoder();
        int frames = 0;
        long before = Allocation.currentThreadBytes();
        try {
            int at = 0;
            while (at < input.length) {
                int chunk = Math.min(input.length - at, 1 + random.nextInt(32));
                ByteBuffer src = ByteBuffer.wrap(input, at, chunk);
                while (decoder.decode(src) != null) {
                    frames++;
                }
                at += chunk;
            }
            decoder.endOfStream();
            return new Outcome(frames, null);
        } catch (ProtocolException e) {
            Sentences.assertOneSentence(e.getMessage());
            return new Outcome(frames, e);
        } catch (RuntimeException | Error e) {
            throw new AssertionError("not a ProtocolException: " + e, e);
        } finally {
            long allocated = Allocation.currentThreadBytes() - before;
            if (allocated > MAX_ALLOCATION_PER_INPUT) {
                fail("decoding " + input.length + " bytes allocated " + allocated + " bytes");
            }
        }
    }

    private record Outcome(int frames, ProtocolException error) {
    }
}
