package io.tactus.rt;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The surefire argLine passes {@link StringConstants#OPTIONS}, as the launcher does. A class only loaded is left for
 * later (its pool is not safe to read before linking: the JVM crashed on it), and taken once it is initialised.
 */
class StringConstantsTest {

    /** Loaded, not initialised, until the test says so. */
    static final class Later {
        static final String GREETING = new StringBuilder("not a ").append("constant").toString();

        static String literal() {
            return "a literal only this class holds";
        }
    }

    @Test
    void shouldResolveInitialisedClassesOnceAndLeaveOnlyLoadedOnesForLater() throws Exception {
        Class.forName(Later.class.getName(), false, getClass().getClassLoader()); // loaded, not initialised
        int first = StringConstants.resolveInitialised();
        assertTrue(first > 0, "this test's classes are initialised: " + first);
        assertEquals(0, StringConstants.resolveInitialised(), "each class once");

        assertTrue(Later.GREETING.startsWith("not a"));
        assertEquals(1, StringConstants.resolveInitialised(), "the class left for later, now initialised");
        assertEquals("a literal only this class holds", Later.literal());
    }
}
