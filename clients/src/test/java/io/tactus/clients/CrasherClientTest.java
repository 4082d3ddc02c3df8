package io.tactus.clients;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CrasherClientTest {

    @Test
    void shouldParseEachModeIgnoringCase() {
        assertEquals(CrasherClient.Mode.THROW, CrasherClient.Mode.parse("throw"));
        assertEquals(CrasherClient.Mode.EXIT, CrasherClient.Mode.parse("EXIT"));
        assertEquals(CrasherClient.Mode.THROW, CrasherClient.Mode.parse(CrasherClient.Mode.THROW.toString()));
    }

    @Test
    void shouldRejectAnUnknownModeInOneSentence() {
        assertEquals("--crash-mode must be throw or exit, not 'segfault'",
                assertThrows(TactusException.class, () -> CrasherClient.Mode.parse("segfault")).getMessage());
        assertEquals("--crash-mode must be throw or exit, not 'null'",
                assertThrows(TactusException.class, () -> CrasherClient.Mode.parse(null)).getMessage());
    }

    @Test
    void shouldNameTheCycleInTheFailureMessage() {
        assertEquals("crasher: deliberate failure at cycle 42", CrasherClient.failureMessage(42));
    }
}
