package io.tactus.server.control;

import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;


import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real server whose engine does not wait for its out-of-process clients at their trigger
 * ({@link ControlServer.Timing#ASYNC}), driven by hand-written clients over the real socket, segment and
 * futexes: a client's answer reaches playback; a client that never answers is silenced and counted every
 * cycle, and the engine waits for it in the first cycle it misses only, not in every cycle.
 */
class AsyncClientsSystemTest {

    @RegisterExtension
    static final ServedControl served = new ServedControl(ControlServer.Timing.ASYNC);

    @Test
    void shouldCarryAnAsyncClientsAnswerToPlayback() throws Exception {
        assertEquals(ControlServer.Timing.ASYNC, served.control().timing());
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            Reply.Welcome welcome = client.hello("relay");
            try (FakeProcess process = ControlTestSupport.registerRelay(client, welcome)) {
                client.ok(new Request.Activate());
                ControlTestSupport.awaitRelayed(process, served.driver());
                Reply.StatusReport status = (Reply.StatusReport) client.request(new Request.Status());
                assertEquals("async", status.clientTiming(), "./tactus status tells the timing");
                client.ok(new Request.Deactivate());
            }
            client.ok(new Request.Goodbye());
        }
    }

    @Test
    void shouldSilenceAndCountAnAsyncClientThatNeverAnswersWithoutWaitingForItEveryCycle() throws Exception {
        MetricsSnapshot silent = ControlTestSupport.neverAnswering(served.server(), served.control(), served.driver());
        // The engine waits for it in the first cycle it misses, then triggers nothing and returns: microseconds,
        // not the three quarters of a period a waiting engine spends on it every cycle (a mean, and a generous bound).
        assertTrue(silent.cycleMeanMicros() < 250, "the engine did not wait: cycle mean " + silent.cycleMeanMicros()
                + " usecs");
    }
}
