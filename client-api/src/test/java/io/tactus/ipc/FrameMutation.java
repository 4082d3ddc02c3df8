package io.tactus.ipc;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * One change to an encoded frame, of the kinds a broken or hostile peer makes: flipped bits, a cut,
 * a lying length field, bytes inserted or deleted, another message's type code on this one's body.
 * Positions are fractions of the input's length, so one mutation applies to inputs of any size and
 * shrinks towards the start of the frame.
 */
sealed interface FrameMutation {

    byte[] apply(byte[] input);

    /** Lengths a peer might lie with: the limits, one past them, the sign bit, all ones. */
    int[] LYING_LENGTHS = {0, 1, 7, ProtocolLimits.HEADER_BYTES, ProtocolLimits.MAX_FRAME_LENGTH,
        ProtocolLimits.MAX_FRAME_LENGTH + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -1};

    static Arbitrary<FrameMutation> any() {
        Arbitrary<Double> at = Arbitraries.doubles().between(0, 1);
        Arbitrary<FrameMutation> flip = Combinators.combine(at, Arbitraries.integers().between(0, 7))
                .as(FlipBit::new);
        Arbitrary<FrameMutation> overwrite = Combinators.combine(at, Arbitraries.bytes()).as(Overwrite::new);
        Arbitrary<FrameMutation> truncate = at.map(Truncate::new);
        Arbitrary<FrameMutation> shiftLength = Arbitraries.integers().between(-16, 16).map(ShiftLength::new);
        Arbitrary<FrameMutation> lyingLength = Arbitraries.oneOf(
                Arbitraries.of(Arrays.stream(LYING_LENGTHS).boxed().toList()), Arbitraries.integers())
                .map(SetLength::new);
        Arbitrary<FrameMutation> insert = Combinators.combine(at, Arbitraries.bytes().array(byte[].class)
                .ofMinSize(1).ofMaxSize(16)).as(Insert::new);
        Arbitrary<FrameMutation> delete = Combinators.combine(at, Arbitraries.integers().between(1, 16))
                .as(Delete::new);
        Arbitrary<FrameMutation> retype = Arbitraries.of(MessageType.class).map(Retype::new);
        return Arbitraries.oneOf(List.of(flip, overwrite, truncate, shiftLength, lyingLength, insert, delete, retype));
    }

    /** One to four mutations applied in turn. */
    static Arbitrary<List<FrameMutation>> some() {
        return any().list().ofMinSize(1).ofMaxSize(4);
    }

    static byte[] applyAll(List<FrameMutation> mutations, byte[] input) {
        byte[] out = input;
        for (FrameMutation m : mutations) {
            out = m.apply(out);
        }
        return out;
    }

    private static int index(double at, int length) {
        return Math.min(length - 1, (int) (at * length));
    }

    record FlipBit(double at, int bit) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            if (input.length == 0) {
                return input;
            }
            byte[] out = input.clone();
            out[index(at, out.length)] ^= (byte) (1 << bit);
            return out;
        }
    }

    record Overwrite(double at, byte value) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            if (input.length == 0) {
                return input;
            }
            byte[] out = input.clone();
            out[index(at, out.length)] = value;
            return out;
        }
    }

    record Truncate(double keep) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            return Arrays.copyOf(input, (int) (keep * input.length));
        }
    }

    /** Adds {@code delta} to the length field: the frame claims a little more or less than it holds. */
    record ShiftLength(int delta) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            if (input.length < ProtocolLimits.LENGTH_BYTES) {
                return input;
            }
            byte[] out = input.clone();
            ByteBuffer.wrap(out).putInt(0, ByteBuffer.wrap(out).getInt(0) + delta);
            return out;
        }
    }

    record SetLength(int length) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            if (input.length < ProtocolLimits.LENGTH_BYTES) {
                return input;
            }
            byte[] out = input.clone();
            ByteBuffer.wrap(out).putInt(0, length);
            return out;
        }
    }

    record Insert(double at, byte[] bytes) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            int i = (int) (at * input.length);
            byte[] out = new byte[input.length + bytes.length];
            System.arraycopy(input, 0, out, 0, i);
            System.arraycopy(bytes, 0, out, i, bytes.length);
            System.arraycopy(input, i, out, i + bytes.length, input.length - i);
            return out;
        }

        @Override
        public String toString() {
            return "Insert[at=" + at + ", bytes=" + Arrays.toString(bytes) + "]";
        }
    }

    record Delete(double at, int count) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            if (input.length == 0) {
                return input;
            }
            int i = index(at, input.length);
            int n = Math.min(count, input.length - i);
            byte[] out = new byte[input.length - n];
            System.arraycopy(input, 0, out, 0, i);
            System.arraycopy(input, i + n, out, i, input.length - i - n);
            return out;
        }
    }

    /** Puts another type's code in the header: one message's body read with another's layout. */
    record Retype(MessageType type) implements FrameMutation {
        @Override
        public byte[] apply(byte[] input) {
            int at = ProtocolLimits.LENGTH_BYTES + Short.BYTES;
            if (input.length < at + Short.BYTES) {
                return input;
            }
            byte[] out = input.clone();
            ByteBuffer.wrap(out).putShort(at, (short) type.code());
            return out;
        }
    }
}
