package io.tactus.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ClientOptionsTest {

    @Test
    void shouldNotRehearseByDefaultAndKeepTheRehearsalThroughTheOtherOptions() {
        assertEquals(0, ClientOptions.defaults().rehearsalCycles());
        ClientOptions options = ClientOptions.defaults().withRehearsal(5000).withServer("s").withPriority(ClientPriority.HIGH);
        assertEquals(new ClientOptions("s", ClientPriority.HIGH, 5000), options);
        assertEquals(0, new ClientOptions("s", ClientPriority.LOW).rehearsalCycles());
    }

    @Test
    void shouldRefuseARehearsalOutOfRangeInOneSentence() {
        TactusException negative = assertThrows(TactusException.class, () -> ClientOptions.defaults().withRehearsal(-1));
        assertEquals("a client rehearses from 0 to 100000 cycles, not -1", negative.getMessage());
        assertThrows(TactusException.class, () -> ClientOptions.defaults().withRehearsal(ClientOptions.MAX_REHEARSAL_CYCLES + 1));
    }
}
