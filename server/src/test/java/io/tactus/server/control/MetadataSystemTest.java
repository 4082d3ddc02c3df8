package io.tactus.server.control;

import io.tactus.api.MetadataKeys;
import io.tactus.api.Port;
import io.tactus.api.PortType;
import io.tactus.api.Property;
import io.tactus.api.PropertyChange;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.server.control.BothTransports.Way;
import io.tactus.server.telemetry.CycleRecord;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static io.tactus.api.PortFlag.OUTPUT;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metadata on clients and ports by their ids, the change callback every client hears, and the statistics calls,
 * each through both transports, with one sentence for each mistake and nothing changed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MetadataSystemTest {

    private static final String INTEGER = "http://www.w3.org/2001/XMLSchema#integer";

    @RegisterExtension
    static final BothTransports SERVED = new BothTransports();

    /** One change as a callback heard it. */
    record Heard(long subject, String key, PropertyChange change) {
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldSetGetListAndRemovePropertiesOfClientsAndPortsAndTellEveryClientInOrder(Way way) throws Exception {
        String n = "meta-" + way.ordinal();
        BlockingQueue<Heard> inProcess = new LinkedBlockingQueue<>();
        BlockingQueue<Heard> ownProcess = new LinkedBlockingQueue<>();
        try (TactusClient client = SERVED.open(way, n);
             TactusClient hearsHere = SERVED.open(Way.IN_PROCESS, n + "-ear");
             TactusClient hearsThere = SERVED.open(Way.OWN_PROCESS, n + "-ear")) {
            hearsHere.setPropertyChangeCallback((s, k, c) -> inProcess.add(new Heard(s, k, c)));
            hearsThere.setPropertyChangeCallback((s, k, c) -> ownProcess.add(new Heard(s, k, c)));
            Port out = client.registerPort("out", PortType.AUDIO, OUTPUT);
            long me = client.uuid();
            long port = client.portByName(out.name()).id();

            client.setProperty(port, MetadataKeys.PRETTY_NAME, "Left out", "");
            client.setProperty(port, MetadataKeys.ORDER, "1", INTEGER);
            client.setProperty(port, MetadataKeys.PRETTY_NAME, "Left", null);
            client.setProperty(me, MetadataKeys.PRETTY_NAME, "Meta client", "text/plain");

            assertEquals(Optional.of(new Property(port, MetadataKeys.PRETTY_NAME, "Left", "")),
                    hearsThere.getProperty(port, MetadataKeys.PRETTY_NAME));
            assertEquals(Optional.empty(), hearsHere.getProperty(port, MetadataKeys.PORT_GROUP));
            assertEquals(List.of(new Property(port, MetadataKeys.PRETTY_NAME, "Left", ""),
                    new Property(port, MetadataKeys.ORDER, "1", INTEGER)), client.getProperties(port));
            assertTrue(client.getAllProperties().containsAll(List.of(new Property(me, MetadataKeys.PRETTY_NAME,
                    "Meta client", "text/plain"), new Property(port, MetadataKeys.ORDER, "1", INTEGER))));

            client.removeProperty(port, MetadataKeys.ORDER);
            assertEquals(1, client.removeProperties(port));
            assertEquals(List.of(), client.getProperties(port));
            client.setProperty(port, MetadataKeys.SIGNAL_TYPE, "CV", "");

            List<Heard> expected = List.of(
                    new Heard(port, MetadataKeys.PRETTY_NAME, PropertyChange.CREATED),
                    new Heard(port, MetadataKeys.ORDER, PropertyChange.CREATED),
                    new Heard(port, MetadataKeys.PRETTY_NAME, PropertyChange.CHANGED),
                    new Heard(me, MetadataKeys.PRETTY_NAME, PropertyChange.CREATED),
                    new Heard(port, MetadataKeys.ORDER, PropertyChange.DELETED),
                    new Heard(port, null, PropertyChange.DELETED),
                    new Heard(port, MetadataKeys.SIGNAL_TYPE, PropertyChange.CREATED));
            assertEquals(expected, take(inProcess, expected.size()), "heard in the server's process");
            assertEquals(expected, take(ownProcess, expected.size()), "heard in a process of its own");

            client.unregisterPort(out);
            assertEquals(new Heard(port, null, PropertyChange.DELETED), inProcess.poll(5, TimeUnit.SECONDS),
                    "a port's properties go with it");
            assertTrue(client.getAllProperties().stream().noneMatch(p -> p.subject() == port));
            assertEquals(List.of(new Property(me, MetadataKeys.PRETTY_NAME, "Meta client", "text/plain")),
                    hearsHere.getProperties(me));
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldRefuseAPropertyOnAnIdThatDoesNotExistAndOtherMistakesInOneSentence(Way way) {
        String n = "meta-bad-" + way.ordinal();
        try (TactusClient client = SERVED.open(way, n)) {
            long me = client.uuid();
            client.setProperty(me, MetadataKeys.ICON_NAME, "audio-card", "");
            List<Property> before = client.getAllProperties();

            assertEquals("no client or port has id 987654321; lsp -U shows the ids there are",
                    refusal(() -> client.setProperty(987_654_321, MetadataKeys.PRETTY_NAME, "x", "")));
            assertEquals("no client or port has id 987654321; lsp -U shows the ids there are",
                    refusal(() -> client.getProperties(987_654_321)));
            assertEquals("no client or port has id 987654321; lsp -U shows the ids there are",
                    refusal(() -> client.removeProperties(987_654_321)));
            assertEquals("client '" + n + "' has no property 'http://jackaudio.org/metadata/order'",
                    refusal(() -> client.removeProperty(me, MetadataKeys.ORDER)));
            assertEquals("a property key must have at least one character, e.g. " + MetadataKeys.PRETTY_NAME,
                    refusal(() -> client.setProperty(me, "", "x", "")));
            assertEquals(before, client.getAllProperties(), "the mistakes changed nothing");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldDropAClientsPropertiesWhenItLeavesAndRemoveAllOnRequest(Way way) throws Exception {
        String n = "meta-gone-" + way.ordinal();
        BlockingQueue<Heard> heard = new LinkedBlockingQueue<>();
        try (TactusClient stays = SERVED.open(way, n + "-stays")) {
            stays.setPropertyChangeCallback((s, k, c) -> heard.add(new Heard(s, k, c)));
            long leaverId;
            try (TactusClient leaver = SERVED.open(Way.OWN_PROCESS, n)) {
                leaverId = leaver.uuid();
                leaver.setProperty(leaverId, MetadataKeys.PRETTY_NAME, "Gone soon", "");
            }
            assertEquals(List.of(new Heard(leaverId, MetadataKeys.PRETTY_NAME, PropertyChange.CREATED),
                    new Heard(leaverId, null, PropertyChange.DELETED)), take(heard, 2));
            assertTrue(stays.getAllProperties().stream().noneMatch(p -> p.subject() == leaverId));

            stays.setProperty(stays.uuid(), MetadataKeys.PRETTY_NAME, "Stays", "");
            stays.removeAllProperties();
            assertEquals(List.of(new Heard(stays.uuid(), MetadataKeys.PRETTY_NAME, PropertyChange.CREATED),
                    new Heard(0, null, PropertyChange.DELETED)), take(heard, 2));
            assertEquals(List.of(), stays.getAllProperties());
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldReportTheDspLoadTheLargestDelayAndTheLastXrunsDelayAndResetTheLargest(Way way) {
        try (TactusClient client = SERVED.open(way, "stats-" + way.ordinal())) {
            assertTrue(within(5_000, () -> client.cpuLoad() > 0), "load: " + client.cpuLoad());
            // A planted cycle no real one can match: woken 10 s late, its output 7 s past the deadline.
            CycleRecord planted = new CycleRecord(1);
            planted.cycle = Long.MAX_VALUE;
            planted.idealStart = 1_000_000_000L;
            planted.wakeup = planted.idealStart + 10_000_000_000L;
            planted.deadline = planted.wakeup;
            planted.end = planted.deadline + 7_000_000_000L;
            planted.xrun = true;
            SERVED.server().delays().onCycle(planted);

            assertEquals(10_000_000.0, client.maxDelayedMicros());
            double xrunDelay = client.xrunDelayedMicros();
            if (SERVED.server().delays().lastXrunCycle() == planted.cycle) { // else a real xrun came after it
                assertEquals(7_000_000.0, xrunDelay);
            }
            client.resetMaxDelayedMicros();
            assertTrue(client.maxDelayedMicros() < 10_000_000.0, "reset: " + client.maxDelayedMicros());
            assertTrue(within(5_000, () -> client.maxDelayedMicros() > 0), "the next cycles' delays count again");
        }
    }

    private static List<Heard> take(BlockingQueue<Heard> queue, int count) throws InterruptedException {
        List<Heard> taken = new ArrayList<>();
        while (taken.size() < count) {
            Heard next = queue.poll(5, TimeUnit.SECONDS);
            if (next == null) {
                break;
            }
            taken.add(next);
        }
        return taken;
    }

    private static String refusal(Executable call) {
        return assertThrows(TactusException.class, call).getMessage();
    }
}
