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

/** tactus bufsize and tactus freewheel (issue 20): what they ask a server, what they print, one sentence per mistake. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BufsizeCommandTest {

    private static final String REFUSAL = "the buffer size must be a power of two from 16 to 4096 frames, not 100; "
            + "nothing was changed";

    @TempDir
    Path directory;

    private ScriptedServer server() throws Exception {
        return new ScriptedServer(directory, request -> request instanceof Request.SetBufferSize size && size.nframes() == 100
                ? new Reply.Error(REFUSAL) : new Reply.Ok(request.type()));
    }

    @Test
    void shouldPrintThePeriodSizeTheSegmentAnnouncesWithoutAsking() throws Exception {
        try (ScriptedServer server = server()) {
            server.segment().publishPeriod(32, 666_666, false); // as the engine does at a switch (slots of 64 here)
            CommandRun run = CommandRun.of("bufsize", "--server", server.name);
            assertEquals(0, run.code(), run.err());
            assertEquals("buffer size = 32 frames\n", run.out());
            assertEquals(0, server.requests.stream().filter(r -> r.type() == MessageType.SET_BUFFER_SIZE).count());
        }
    }

    @Test
    void shouldAskForTheSizeAndSayTheServersSentenceWhenRefused() throws Exception {
        try (ScriptedServer server = server()) {
            assertEquals(0, CommandRun.of("bufsize", "--server", server.name, "128").code());
            CommandRun refused = CommandRun.of("bufsize", "--server", server.name, "100");
            assertEquals(1, refused.code());
            assertEquals("tactus: " + REFUSAL + "\n", refused.err());
            assertEquals(List.of(new Request.SetBufferSize(128), new Request.SetBufferSize(100)),
                    server.requests.stream().filter(r -> r.type() == MessageType.SET_BUFFER_SIZE).toList());
        }
    }

    @Test
    void shouldSendFreewheelOnAndOffAndRefuseAnythingElseInOneSentence() throws Exception {
        try (ScriptedServer server = server()) {
            assertEquals(0, CommandRun.of("freewheel", "--server", server.name, "on").code());
            assertEquals(0, CommandRun.of("freewheel", "--server", server.name, "off").code());
            CommandRun odd = CommandRun.of("freewheel", "--server", server.name, "maybe");
            assertEquals(1, odd.code());
            assertEquals("tactus: freewheel takes on or off, not 'maybe'\n", odd.err());
            assertEquals(List.of(new Request.SetFreewheel(true), new Request.SetFreewheel(false)),
                    server.requests.stream().filter(r -> r.type() == MessageType.SET_FREEWHEEL).toList());
        }
    }
}
