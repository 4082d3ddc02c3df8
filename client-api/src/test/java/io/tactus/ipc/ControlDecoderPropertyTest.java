package io.tactus.ipc;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * The decoder against inputs no peer should send: random bytes, random bodies behind a plausible header,
 * and valid frames of every kind, mutated. Each input must come out as frames or one
 * {@link ProtocolException}, the same whatever chunks it arrives in, within a time bound, without a read
 * past the frame's declared end (see {@link DecoderProbe}). Each property tries 2000 inputs by default
 * ({@code jqwik.tries.default} in {@code junit-platform.properties}), a few seconds; a long run sets it
 * as a system property: {@code mvn -B -o -pl client-api -am test -Dtest=ControlDecoderPropertyTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Djqwik.tries.default=1000000}.
 */
class ControlDecoderPropertyTest {

    private static DecoderProbe probe;

    @BeforeContainer
    static void startProbe() {
        probe = new DecoderProbe();
    }

    @AfterContainer
    static void stopProbe() {
        probe.close();
    }

    /** The control: valid frames decode to themselves, so a property that rejects everything would show here. */
    @Property
    void shouldDecodeValidFramesToThemselvesWhateverTheChunks(@ForAll("frameSequences") List<ControlFrame> frames,
                                                              @ForAll("chunks") List<Integer> chunks) {
        DecoderProbe.Outcome outcome = probe.check(ControlCodecTest.concatBytes(frames), chunks);
        if (!outcome.equals(new DecoderProbe.Outcome(frames, null))) {
            throw new AssertionError("valid frames " + frames + " came out as " + outcome);
        }
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    void shouldDecodeOrRejectMutatedValidFrames(@ForAll("frameSequences") List<ControlFrame> frames,
                                                @ForAll("mutations") List<FrameMutation> mutations,
                                                @ForAll("chunks") List<Integer> chunks) {
        byte[] input = FrameMutation.applyAll(mutations, ControlCodecTest.concatBytes(frames));
        Statistics.label("outcome").collect(probe.check(input, chunks).kind());
    }

    @Property
    void shouldDecodeOrRejectRandomBytes(@ForAll @Size(max = 300) byte[] input, @ForAll("chunks") List<Integer> chunks) {
        Statistics.label("outcome").collect(probe.check(input, chunks).kind());
    }

    /** Past the length check: a header that fits its length, then random fields, reach every body reader. */
    @Property
    void shouldDecodeOrRejectRandomBodiesBehindAPlausibleHeader(@ForAll MessageType type, @ForAll int requestId,
                                                                @ForAll @Size(max = 160) byte[] body,
                                                                @ForAll("chunks") List<Integer> chunks) {
        byte[] input = RawFrame.header(type, requestId).bytes(body).toBytes();
        Statistics.label("outcome").collect(probe.check(input, chunks).kind());
    }

    /**
     * A length field that promises more than arrives: the decoder waits, then reports the cut at the end.
     * Every frame has at least 12 bytes, so a cut of up to 11 ends inside the last one.
     */
    @Property
    void shouldRejectAFrameCutShortAtTheEndOfTheStream(@ForAll("frameSequences") List<ControlFrame> frames,
                                                       @ForAll @IntRange(min = 1, max = 11) int cut,
                                                       @ForAll("chunks") List<Integer> chunks) {
        byte[] whole = ControlCodecTest.concatBytes(frames);
        byte[] input = Arrays.copyOf(whole, whole.length - cut);
        DecoderProbe.Outcome outcome = probe.check(input, chunks);
        if (outcome.error() == null || !outcome.error().startsWith("the connection ended in the middle of a message")) {
            throw new AssertionError("a stream cut " + cut + " bytes short came out as " + outcome);
        }
    }

    @Provide
    Arbitrary<List<ControlFrame>> frameSequences() {
        return FrameArbitraries.frameSequences();
    }

    @Provide
    Arbitrary<List<FrameMutation>> mutations() {
        return FrameMutation.some();
    }

    /** The sizes of the reads the stream arrives in, cycled; empty means all at once. */
    @Provide
    Arbitrary<List<Integer>> chunks() {
        return Arbitraries.integers().between(1, 64).list().ofMaxSize(6);
    }
}
