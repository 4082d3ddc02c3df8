package io.tactus.javasound;

import io.tactus.audio.PcmCodec;
import org.junit.jupiter.api.Test;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioFormat.Encoding;
import javax.sound.sampled.SourceDataLine;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every layout the mixer's lines advertise is one the codec carries. */
class LineFormatsTest {

    private static final float[] SAMPLES = {0f, 0.5f, -0.5f, 0.99f, -1f, 0.123456f, -0.000977f};

    @Test
    void shouldRoundTripEveryAdvertisedLayoutWithinHalfAStep() {
        for (AudioFormat advertised : LineFormats.info(SourceDataLine.class).getFormats()) {
            AudioFormat format = LineFormats.withRate(advertised, 48_000);
            PcmCodec codec = PcmCodec.of(format);
            int bytes = format.getSampleSizeInBits() / 8;
            byte[] encoded = new byte[SAMPLES.length * bytes];
            codec.encode(SAMPLES, 0, SAMPLES.length, encoded, 0);
            float[] decoded = new float[SAMPLES.length];
            codec.decode(encoded, 0, decoded, SAMPLES.length);
            double step = Encoding.PCM_FLOAT.equals(format.getEncoding()) ? 0
                    : 1.0 / (1L << (format.getSampleSizeInBits() - 1));
            for (int i = 0; i < SAMPLES.length; i++) {
                assertEquals(SAMPLES[i], decoded[i], step / 2 + 1e-7, format + ", sample " + i);
            }
        }
    }
}
