package io.tactus.ipc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Feeds one input to fresh {@link ControlDecoder}s and checks what the fuzz properties promise: only
 * frames or a one-sentence {@link ProtocolException} come out, whatever the chunks; a frame decoded is
 * exactly the bytes it re-encodes to; no call consumes a byte past the end its length field declares
 * (a sentinel follows the input); decoding allocates nothing big; and it all ends within {@link #TIME_BOUND_SECONDS}.
 * The work runs on a worker thread so that a hang fails one try instead of the whole run; a hung worker
 * is abandoned (it is a daemon) and the next try gets a new one.
 */
final class DecoderProbe implements AutoCloseable {

    /** Generous: a decode takes microseconds, a hang never ends, and a loaded machine must not fail a try. */
    static final long TIME_BOUND_SECONDS = 10;
    /** The decoder may buffer one 64 KiB frame per decoder; anything much larger means a length was trusted. */
    private static final long MAX_ALLOCATION_PER_INPUT = 1 << 20;
    private static final int SENTINEL_BYTES = 16;
    private static final byte SENTINEL = (byte) 0xA5;

    private ExecutorService worker = newWorker();

    /** What a stream of bytes decodes to: its frames, then the error that ended it, or null for a clean end. */
    record Outcome(List<ControlFrame> frames, String error) {
        String kind() {
            return error == null ? "decoded" : frames.isEmpty() ? "rejected" : "decoded, then rejected";
        }
    }

    /** Runs every check on {@code input}, fed whole and in {@code chunks} (cycled), and returns the outcome. */
    Outcome check(byte[] input, List<Integer> chunks) {
        Future<Outcome> run = worker.submit(() -> checkNow(input, chunks));
        try {
            return run.get(TIME_BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            worker.shutdownNow();
            worker = newWorker();
            throw new AssertionError("decoding " + input.length + " bytes did not end within " + TIME_BOUND_SECONDS
                    + " s: " + Arrays.toString(input));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError failure) {
                throw failure;
            }
            throw new AssertionError(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static Outcome checkNow(byte[] input, List<Integer> chunks) {
        long before = Allocation.currentThreadBytes();
        Outcome whole = decodeInChunks(input, List.of(Math.max(1, input.length)));
        long allocated = Allocation.currentThreadBytes() - before;
        if (allocated > MAX_ALLOCATION_PER_INPUT) {
            // Class loading or a JIT event can charge this thread once; a trusted length does it every time.
            before = Allocation.currentThreadBytes();
            decodeInChunks(input, List.of(Math.max(1, input.length)));
            allocated = Allocation.currentThreadBytes() - before;
            if (allocated > MAX_ALLOCATION_PER_INPUT) {
                throw new AssertionError("decoding " + input.length + " bytes allocated " + allocated + " bytes");
            }
        }
        Outcome chunked = decodeInChunks(input, chunks);
        if (!whole.equals(chunked)) {
            throw new AssertionError("the outcome depends on the chunks " + chunks + ": " + whole + " whole, "
                    + chunked + " chunked");
        }
        ByteBuffer consumedAsOne = checkConsumption(input);
        assertReencodes(whole.frames(), consumedAsOne);
        return whole;
    }

    /** The whole stream, then its end; anything but a ProtocolException fails the check. */
    private static Outcome decodeInChunks(byte[] input, List<Integer> chunks) {
        ControlDecoder decoder = new ControlDecoder();
        List<ControlFrame> frames = new ArrayList<>();
        try {
            int at = 0;
            for (int c = 0; at < input.length; c++) {
                int chunk = chunks.isEmpty() ? input.length : Math.min(input.length - at, chunks.get(c % chunks.size()));
                ByteBuffer src = ByteBuffer.wrap(input, at, chunk);
                for (ControlFrame f = decoder.decode(src); f != null; f = decoder.decode(src)) {
                    frames.add(f);
                }
                if (src.hasRemaining()) {
                    throw new AssertionError("decode returned null with " + src.remaining() + " bytes unread");
                }
                at += chunk;
            }
            decoder.endOfStream();
            return new Outcome(frames, null);
        } catch (ProtocolException e) {
            Sentences.assertOneSentence(e.getMessage());
            return new Outcome(frames, e.getMessage());
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new AssertionError("not a ProtocolException after " + frames.size() + " frames: " + e, e);
        }
    }

    /**
     * Decodes from a buffer holding the input and then a sentinel, one call per frame, and checks each
     * call stopped where its frame's length field says the frame ends. Returns the bytes of the frames
     * decoded before the first rejection, for the re-encoding check.
     */
    private static ByteBuffer checkConsumption(byte[] input) {
        byte[] guarded = Arrays.copyOf(input, input.length + SENTINEL_BYTES);
        Arrays.fill(guarded, input.length, guarded.length, SENTINEL);
        ByteBuffer src = ByteBuffer.wrap(guarded);
        ControlDecoder decoder = new ControlDecoder();
        while (src.position() < input.length) {
            int start = src.position();
            if (start + ProtocolLimits.LENGTH_BYTES > input.length) {
                break; // the length field itself runs into the sentinel: nothing is declared
            }
            long length = Integer.toUnsignedLong(src.getInt(start));
            long declaredEnd = start + ProtocolLimits.LENGTH_BYTES + length;
            boolean lengthValid = length >= ProtocolLimits.HEADER_BYTES && length <= ProtocolLimits.MAX_FRAME_LENGTH;
            try {
                ControlFrame frame = decoder.decode(src);
                if (frame != null && src.position() != declaredEnd) {
                    throw new AssertionError("a frame declared to end at " + declaredEnd + " was decoded with the"
                            + " buffer at " + src.position());
                }
                if (frame == null && (src.hasRemaining() || declaredEnd <= guarded.length)) {
                    throw new AssertionError("no frame from " + src.position() + " bytes although the frame declared"
                            + " to end at " + declaredEnd + " was all there");
                }
                if (frame == null) {
                    break;
                }
            } catch (ProtocolException e) {
                long allowed = lengthValid ? declaredEnd : start + ProtocolLimits.LENGTH_BYTES;
                if (src.position() > allowed) {
                    throw new AssertionError("rejecting the frame at " + start + " read up to " + src.position()
                            + ", past " + allowed + ": " + e.getMessage());
                }
                break;
            }
        }
        return ByteBuffer.wrap(input, 0, Math.min(src.position(), input.length)).slice();
    }

    /** A decoded frame is exact: encoding it again gives the very bytes it was decoded from. */
    private static void assertReencodes(List<ControlFrame> frames, ByteBuffer source) {
        for (ControlFrame frame : frames) {
            ByteBuffer again = ControlCodec.encode(frame);
            if (again.remaining() > source.remaining()
                    || !again.equals(source.slice(source.position(), again.remaining()))) {
                throw new AssertionError(frame + " was decoded from bytes it does not encode to");
            }
            source.position(source.position() + again.remaining());
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "decoder-probe");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
