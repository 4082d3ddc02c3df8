package io.tactus.clients;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HogPatternTest {

    @Test
    void shouldParseEachPatternIgnoringCase() {
        assertEquals(HogPattern.STEADY, HogPattern.parse("steady"));
        assertEquals(HogPattern.RAMP, HogPattern.parse("RAMP"));
        assertEquals(HogPattern.BURST, HogPattern.parse(" Burst "));
        for (HogPattern pattern : HogPattern.values()) {
            assertEquals(pattern, HogPattern.parse(pattern.toString()), "toString reads back");
        }
    }

    @Test
    void shouldRejectAnUnknownPatternInOneSentence() {
        assertEquals("--hog-pattern must be steady, ramp or burst, not 'x'",
                assertThrows(TactusException.class, () -> HogPattern.parse("x")).getMessage());
        assertEquals("--hog-pattern must be steady, ramp or burst, not ''",
                assertThrows(TactusException.class, () -> HogPattern.parse("")).getMessage());
        assertEquals("--hog-pattern must be steady, ramp or burst, not 'null'",
                assertThrows(TactusException.class, () -> HogPattern.parse(null)).getMessage());
    }
}
