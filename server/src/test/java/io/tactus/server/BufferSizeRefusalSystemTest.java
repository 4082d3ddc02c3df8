package io.tactus.server;

import io.tactus.api.GraphEvent;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A buffer size the server cannot take, asked through either transport: one sentence, the engine still at its
 * period, and no client told of a switch (neither its buffer-size callback nor a graph notification).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferSizeRefusalSystemTest {

    @ParameterizedTest
    @EnumSource(BothTransports.Kind.class)
    void shouldRefuseABufferSizeThatIsNotAPowerOfTwoOrOutOfRoomInOneSentenceAndTellNoOne(BothTransports.Kind kind) {
        try (BothTransports served = new BothTransports(kind); TactusClient observer = served.open("observer")) {
            List<GraphEvent> events = Collections.synchronizedList(new ArrayList<>());
            List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
            observer.setGraphEventCallback(events::add);
            observer.setBufferSizeCallback(sizes::add);
            try (TactusClient asker = served.open("asker")) {
                asker.setBufferSizeCallback(sizes::add);
                refuseAndTellNoOne(served, asker, events, sizes);
            }
        }
    }

    private static void refuseAndTellNoOne(BothTransports served, TactusClient asker, List<GraphEvent> events,
                                           List<Integer> sizes) {
        assertEquals("the buffer size must be a power of two from 16 to 4096 frames, not 96; nothing was changed",
                refusal(() -> asker.setBufferSize(96)));
        assertEquals("the buffer size must be a power of two from 16 to 4096 frames, not 8192; nothing was changed",
                refusal(() -> asker.setBufferSize(8192)));
        assertEquals("this server's port buffers hold periods of at most 1024 frames, so it cannot switch to 2048;"
                + " start it with --max-bufsize 2048", refusal(() -> asker.setBufferSize(2048)));
        assertEquals(64, served.server.bufferSize(), "the engine still runs at its period");

        // A change made after the refusals comes right after the asker's joining: none of them was announced.
        asker.registerPort("marker", PortType.AUDIO, PortFlag.OUTPUT);
        int marker = served.server.graph().port("asker:marker").id();
        assertTrue(within(10_000, () -> events.size() >= 2), "the observer heard the marker: " + events);
        assertEquals(List.of(GraphEvent.client("asker", true), GraphEvent.port(marker, "asker:marker", true)),
                events.stream().map(GraphEvent::withoutSequence).toList(), "no switch was announced");
        assertEquals(List.of(), sizes, "no buffer-size callback ran");
    }

    private static String refusal(Runnable call) {
        return assertThrows(TactusException.class, call::run).getMessage();
    }
}
