package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The project's rule for errors a user can cause: one sentence, one line, no stack trace in it. */
final class Sentences {

    private Sentences() {
    }

    static void assertOneSentence(String message) {
        assertNotNull(message);
        assertTrue(message.matches("[a-z][^\\n]*[^.\\s]"), () -> "not one plain sentence: " + message);
        assertFalse(message.contains(". "), () -> "more than one sentence: " + message);
    }
}
