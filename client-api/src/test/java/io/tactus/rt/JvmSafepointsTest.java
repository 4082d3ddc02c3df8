package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class JvmSafepointsTest {

    @Test
    void shouldReadThisJvmsIntervalWhichTheBuildSetsToZero() {
        // The surefire argLine of the parent POM carries JvmSafepoints.OPTIONS, as the launcher does.
        assertEquals(0, JvmSafepoints.guaranteedIntervalMillis());
    }

    @Test
    void shouldWarnOnlyWhenThePeriodicSafepointIsOn() {
        assertNull(JvmSafepoints.warningFor(0));
        assertNull(JvmSafepoints.warningFor(-1));
        assertEquals("this JVM stops every thread, realtime ones too, for a safepoint every 250 ms"
                + " (GuaranteedSafepointInterval), which costs xruns on a busy machine; start it with"
                + " -XX:+UnlockDiagnosticVMOptions -XX:GuaranteedSafepointInterval=0"
                + " -XX:GuaranteedAsyncDeflationInterval=0",
                JvmSafepoints.warningFor(250));
    }
}
