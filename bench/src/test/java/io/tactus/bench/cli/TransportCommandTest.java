package io.tactus.bench.cli;

import io.tactus.ipc.MessageType;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** tactus transport: what it asks a server, what it prints, and one sentence per mistake. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TransportCommandTest {

    private static final Reply.TransportReport ROLLING = new Reply.TransportReport("ROLLING", 96_000, 48_000, true, 2, 3,
            480, 7680, 4, 4, 1920, 120);

    @TempDir
    Path directory;

    private ScriptedServer server() throws Exception {
        return new ScriptedServer(directory, request -> request instanceof Request.TransportQuery ? ROLLING
                : new Reply.Ok(request.type()));
    }

    @Test
    void shouldPrintTheTransportInLabelLines() throws Exception {
        try (ScriptedServer server = server()) {
            CommandRun run = CommandRun.of("transport", "status", "--server", server.name);
            assertEquals(0, run.code(), run.err());
            assertEquals(String.join("\n",
                    "Transport State . . . . . . . : ROLLING",
                    "Frame . . . . . . . . . . . . : 96000",
                    "Time  . . . . . . . . . . . . : 2.000 s",
                    "BBT . . . . . . . . . . . . . : 2|3|0480",
                    "Tempo . . . . . . . . . . . . : 120.00 bpm",
                    "Meter . . . . . . . . . . . . : 4/4") + "\n", run.out());
        }
    }

    @Test
    void shouldSendEachRequestAsOneTransportRequest() throws Exception {
        try (ScriptedServer server = server()) {
            for (String[] args : List.of(new String[]{"start"}, new String[]{"stop"}, new String[]{"locate", "48000"},
                    new String[]{"tempo", "97.5"})) {
                String[] full = new String[args.length + 3];
                full[0] = "transport";
                System.arraycopy(args, 0, full, 1, args.length);
                full[args.length + 1] = "--server";
                full[args.length + 2] = server.name;
                CommandRun run = CommandRun.of(full);
                assertEquals(0, run.code(), run.err());
            }
            List<Request.TransportRequest> sent = server.requests.stream()
                    .filter(r -> r.type() == MessageType.TRANSPORT_REQUEST).map(r -> (Request.TransportRequest) r).toList();
            assertEquals(List.of(new Request.TransportRequest("start", 0, 0), new Request.TransportRequest("stop", 0, 0),
                    new Request.TransportRequest("locate", 48_000, 0), new Request.TransportRequest("tempo", 0, 97.5)), sent);
        }
    }

    @Test
    void shouldWatchOneLinePerRefresh() throws Exception {
        try (ScriptedServer server = server()) {
            CommandRun run = CommandRun.of("transport", "watch", "-n", "3", "--interval-ms", "10", "--server", server.name);
            assertEquals(0, run.code(), run.err());
            String line = "ROLLING  frame        96000   BBT 2|3|0480   120.00 bpm";
            assertEquals(line + "\n" + line + "\n" + line + "\n", run.out());
        }
    }

    @Test
    void shouldRefuseMistakesInOneSentence() {
        CommandRun negative = CommandRun.of("transport", "locate", "--", "-5");
        assertTrue(negative.code() != 0);
        assertEquals("tactus: cannot locate the transport to frame -5; a frame is 0 or more", negative.err().trim());
        CommandRun watch = CommandRun.of("transport", "watch", "-n", "-1");
        assertEquals("tactus: --iterations must be 0 (until Ctrl-C) or more, not -1", watch.err().trim());
        CommandRun tempo = CommandRun.of("transport", "tempo", "fast");
        assertTrue(tempo.err().trim().startsWith("tactus: Invalid value for positional parameter at index 0 (BPM)"),
                tempo.err());
    }

    /** A client in its own process reads the transport and the frame time where the engine publishes them. */
    @Test
    void shouldReadTheTransportAndTheFrameTimeFromTheGraphSegmentWithoutARequest() throws Exception {
        try (ScriptedServer server = server();
             var client = io.tactus.ipc.client.ProcessTransport.system().connect("time-" + ProcessHandle.current().pid(),
                     io.tactus.api.ClientOptions.defaults().withServer(server.name))) {
            io.tactus.api.TransportPosition published = new io.tactus.api.TransportPosition().setFrame(96_000, 48_000, 7)
                    .setBbtFromFrame(120, 4, 4, 1920);
            new io.tactus.ipc.graph.SegmentTransport(server.segment()).publish(1, io.tactus.api.TransportState.ROLLING,
                    published, 0);
            long start = System.nanoTime();
            new io.tactus.ipc.graph.SegmentClock(server.segment()).stamp(1, 6400, start, start + 1_333_333, 64);
            int before = server.requests.size();

            io.tactus.api.TransportPosition p = new io.tactus.api.TransportPosition();
            assertEquals(io.tactus.api.TransportState.ROLLING, client.transport().query(p));
            assertEquals(96_000, p.frame());
            assertEquals(2, p.bar(), "96000 frames (2 s) at 120 bpm in 4/4: one bar done");
            assertEquals(96_000, client.transport().frame());
            assertEquals(6400, client.clock().lastFrameTime());
            assertEquals(start / 1000, client.clock().cycleTimes(new io.tactus.api.CycleTimes()).currentMicros());
            assertEquals(6400 + 64, client.clock().timeToFrames((start + 1_333_333) / 1000), "one period later");
            assertEquals(before, server.requests.size(), "no round trip");
        }
    }
}
