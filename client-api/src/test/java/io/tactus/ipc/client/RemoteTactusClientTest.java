package io.tactus.ipc.client;

import io.tactus.api.ClientOptions;
import io.tactus.api.ClientPriority;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusException;
import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.MessageType;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.graph.ActivationPlan;
import io.tactus.ipc.Request;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The client side of the contract against {@link FakeServer}, a test playing the server on a real socket. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class RemoteTactusClientTest {

    private static final String SERVER = "fake";
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path directory;

    private FakeServer server;
    private FakeServer.Peer peer;
    private RemoteTactusClient client;
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> shutdowns = new LinkedBlockingQueue<>();

    @BeforeEach
    void startServer() throws Exception {
        server = new FakeServer(directory, SERVER, 48_000, 64);
    }

    @AfterEach
    void stopAll() throws Exception {
        if (peer != null) {
            peer.close(); // first, so close() below does not wait for an answer to Goodbye
        }
        if (client != null) {
            client.close();
        }
        server.close();
    }

    private ProcessTransport transport(RealtimeScheduler scheduler) {
        return new ProcessTransport(name -> FakeServer.socketOf(directory, name), scheduler, 3 * SECOND);
    }

    private ProcessTransport transport() {
        return transport(new RealtimeScheduler(RealtimeNative.linux(), warnings::add));
    }

    /** Opens client {@code name}; the test thread plays the server's Welcome. Returns the Hello frame. */
    private ControlFrame open(String name, ProcessTransport transport, int processPriority) throws Exception {
        CompletableFuture<RemoteTactusClient> opening = CompletableFuture.supplyAsync(
                () -> transport.connect(name, ClientOptions.defaults().withServer(SERVER).withPriority(ClientPriority.HIGH)));
        peer = server.accept();
        ControlFrame hello = peer.welcome(processPriority);
        client = opening.get(5, TimeUnit.SECONDS);
        client.setShutdownCallback(shutdowns::add);
        return hello;
    }

    private ControlFrame open(String name) throws Exception {
        return open(name, transport(), 0);
    }

    @Test
    void shouldSendHelloWithItsNamePidProcessThreadAndPriorityAndKeepTheWelcomeFigures() throws Exception {
        ControlFrame frame = open("mixer");

        assertEquals(1, frame.requestId(), "Hello is request 1");
        Request.Hello hello = (Request.Hello) frame.message();
        assertEquals("mixer", hello.clientName());
        assertEquals(ProcessHandle.current().pid(), hello.pid());
        assertEquals("high", hello.priority());
        if (RealtimeNative.linux().isAvailable()) {
            assertTrue(hello.processThreadTid() > 0, "the process thread's tid, known before Hello");
            assertTrue(hello.processThreadTid() != RealtimeNative.linux().gettid(), "not the caller's tid");
        }
        assertEquals(48_000, client.sampleRate());
        assertEquals(64, client.bufferSize());
        assertEquals("mixer", client.name());
        assertTrue(client.processThread().isAlive(), "created before Hello, waiting for activation");
    }

    @Test
    void shouldFailTheJoinWithTheServersSentenceWhenItClosesTheConnectionWithAnErrorForNoRequest() throws Exception {
        CompletableFuture<RemoteTactusClient> opening = CompletableFuture.supplyAsync(
                () -> transport().connect("late", ClientOptions.defaults().withServer(SERVER)));
        peer = server.accept();
        peer.expect(MessageType.HELLO);
        String sentence = "no Hello within 2000 ms of connecting; the connection is closed";
        peer.write(ControlCodec.encode(0, new Reply.Error(sentence))); // what the server's Hello deadline sends
        peer.close();

        ExecutionException failed = assertThrows(ExecutionException.class, () -> opening.get(5, TimeUnit.SECONDS));
        assertInstanceOf(TactusException.class, failed.getCause());
        assertEquals("the connection to Tactus server 'fake' has ended: " + sentence, failed.getCause().getMessage(),
                "the server's sentence, not \"server gone\"");
    }

    @Test
    void shouldDeliverNotificationsThatArriveBetweenARequestAndItsReply() throws Exception {
        open("c");
        BlockingQueue<Double> xruns = new LinkedBlockingQueue<>();
        BlockingQueue<String> orders = new LinkedBlockingQueue<>();
        client.setXrunCallback(xruns::add);
        client.setGraphOrderCallback(() -> orders.add(Thread.currentThread().getName()));

        CompletableFuture<Void> connecting = CompletableFuture.runAsync(() -> client.connect("a:out_1", "b:in_1"));
        ControlFrame request = peer.expect(MessageType.CONNECT);
        peer.notify(new Notification.Xrun(1234.5));
        peer.notify(new Notification.GraphOrder());
        assertFalse(connecting.isDone(), "the notifications are not the reply");
        peer.ok(request);

        connecting.get(5, TimeUnit.SECONDS);
        assertEquals(Double.valueOf(1234.5), xruns.poll(5, TimeUnit.SECONDS));
        String thread = orders.poll(5, TimeUnit.SECONDS);
        assertEquals("tactus-notify-c", thread, "callbacks run on the notifier, not the reader or the process thread");
        assertEquals(new Request.Connect("a:out_1", "b:in_1"), request.message());
        assertTrue(shutdowns.isEmpty());
    }

    @Test
    void shouldMatchEachReplyToItsRequestWhenTheyArriveOutOfOrder() throws Exception {
        open("c");
        CompletableFuture<Reply.StatusReport> status = CompletableFuture.supplyAsync(client::status);
        ControlFrame first = peer.read();
        CompletableFuture<List<String>> ports = CompletableFuture.supplyAsync(client::getPorts);
        ControlFrame second = peer.read();
        assertTrue(first.requestId() != second.requestId() && first.requestId() > 1 && second.requestId() > 1,
                "fresh non-zero ids after Hello's 1");
        Map<MessageType, ControlFrame> byType = Map.of(first.message().type(), first, second.message().type(), second);

        peer.reply(byType.get(MessageType.LIST_PORTS), new Reply.PortList(List.of(
                new Reply.PortInfo("system:capture_1", false, List.of()),
                new Reply.PortInfo("system:playback_1", true, List.of()))));
        peer.reply(byType.get(MessageType.STATUS), new Reply.StatusReport(48_000, 64, 2, 1000, 3, 0, 12.5,
                "SCHED_FIFO 70", "sync", "evict"));

        assertEquals(List.of("system:capture_1", "system:playback_1"), ports.get(5, TimeUnit.SECONDS));
        assertEquals(3, status.get(5, TimeUnit.SECONDS).xruns());
        assertEquals(new Request.ListPorts(false), byType.get(MessageType.LIST_PORTS).message());
    }

    @Test
    void shouldThrowTheServersSentenceWhenTheServerAnswersError() throws Exception {
        open("c");
        String sentence = "no port named 'nope:out': there is no client 'nope'";
        CompletableFuture<Void> connecting = CompletableFuture.runAsync(() -> client.connect("nope:out", "b:in_1"));
        peer.reply(peer.expect(MessageType.CONNECT), new Reply.Error(sentence));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> connecting.get(5, TimeUnit.SECONDS));
        assertInstanceOf(TactusException.class, failed.getCause());
        assertEquals(sentence, failed.getCause().getMessage());
        assertTrue(client.isConnected(), "a refused request leaves the connection up");

        CompletableFuture<List<String>> connections = CompletableFuture.supplyAsync(() -> client.getConnections("system:capture_1"));
        ControlFrame describe = peer.expect(MessageType.DESCRIBE_PORT);
        peer.reply(describe, new Reply.PortDescription(new io.tactus.api.PortDetails("system:capture_1", 3, PortType.AUDIO,
                java.util.Set.of(PortFlag.OUTPUT, PortFlag.PHYSICAL), List.of())));
        ControlFrame list = peer.expect(MessageType.LIST_PORTS);
        assertEquals(new Request.ListPorts(true), list.message());
        peer.reply(list, new Reply.PortList(List.of(new Reply.PortInfo("system:capture_1", false, List.of("c:in_1")))));
        assertEquals(List.of("c:in_1"), connections.get(5, TimeUnit.SECONDS));
    }

    @Test
    void shouldTellServerGoneExactlyOnceWithinASecondWhenTheConnectionEndsWithoutShutdown() throws Exception {
        open("c");
        CompletableFuture<Void> pending = CompletableFuture.runAsync(() -> client.connect("a:out_1", "b:in_1"));
        peer.expect(MessageType.CONNECT);

        long start = System.nanoTime();
        peer.close(); // what kill -9 of the server looks like from here

        assertEquals("server gone", shutdowns.poll(1, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - start < SECOND, "told within a second");
        assertTrue(client.processThread().join(1_000), "the process thread stops");
        ExecutionException failed = assertThrows(ExecutionException.class, () -> pending.get(1, TimeUnit.SECONDS));
        assertTrue(failed.getCause().getMessage().endsWith("server gone"), failed.getCause().getMessage());
        assertFalse(client.isConnected());
        TactusException later = assertThrows(TactusException.class, () -> client.connect("a:out_1", "b:in_1"));
        assertEquals("client 'c' is no longer connected to Tactus server 'fake': server gone", later.getMessage());

        client.close();
        client.close();
        assertNull(shutdowns.poll(300, TimeUnit.MILLISECONDS), "told once only, and not again on close");
    }

    @Test
    void shouldTellTheShutdownReasonOnceAndNotServerGoneWhenTheServerClosesAfterIt() throws Exception {
        open("c");
        peer.notify(new Notification.Shutdown("evicted by watchdog (evict): 3 overruns of 1.9 ms"));
        peer.close();

        assertEquals("evicted by watchdog (evict): 3 overruns of 1.9 ms", shutdowns.poll(2, TimeUnit.SECONDS));
        assertNull(shutdowns.poll(300, TimeUnit.MILLISECONDS), "EOF after Shutdown is not a second shutdown");
        assertTrue(client.processThread().join(1_000));
        TactusException later = assertThrows(TactusException.class, client::getPorts);
        assertTrue(later.getMessage().endsWith("evicted by watchdog (evict): 3 overruns of 1.9 ms"), later.getMessage());
    }

    @Test
    void shouldFailToOpenWithTheServersSentenceWhenHelloIsRefused() throws Exception {
        ProcessTransport transport = transport();
        CompletableFuture<RemoteTactusClient> opening = CompletableFuture.supplyAsync(
                () -> transport.connect("dup", ClientOptions.defaults().withServer(SERVER)));
        peer = server.accept();
        ControlFrame hello = peer.expect(MessageType.HELLO);
        peer.reply(hello, new Reply.Error("a client named 'dup' already exists; choose another name"));
        peer.close();

        ExecutionException failed = assertThrows(ExecutionException.class, () -> opening.get(5, TimeUnit.SECONDS));
        assertEquals("a client named 'dup' already exists; choose another name", failed.getCause().getMessage());
        assertFalse(threadNamed("tactus-process-dup"), "the process thread made for Hello is gone again");
    }

    @Test
    void shouldSayThatNoServerRunsWhenNobodyListensOnTheSocket() {
        TactusException e = assertThrows(TactusException.class,
                () -> transport().connect("c", ClientOptions.defaults().withServer("absent")));
        assertEquals("no Tactus server named 'absent' is running; start one with ./tactus server", e.getMessage());
    }

    @Test
    void shouldSayGoodbyeOnCloseAndStopTheProcessThreadWithoutAShutdownCallback() throws Exception {
        open("c");
        ProcessThread process = client.processThread();
        CompletableFuture<Void> closing = CompletableFuture.runAsync(client::close);
        peer.ok(peer.expect(MessageType.GOODBYE));
        peer.close();

        closing.get(5, TimeUnit.SECONDS);
        assertFalse(process.isAlive());
        assertNull(shutdowns.poll(300, TimeUnit.MILLISECONDS), "leaving is not being shut down");
        assertEquals("client 'c' is closed", assertThrows(TactusException.class, client::activate).getMessage());
        client = null;
    }

    @Test
    void shouldRunTheCallbackOnTheSlotsOfItsPortsWithInputsReadOnlyAndReuseAFreedSlot() throws Exception {
        assumeTrue(Futex.linux().isAvailable(), "futexes are Linux only");
        open("gain");
        Port in = register("in_1", PortFlag.INPUT, 0);
        Port out = register("out_1", PortFlag.OUTPUT, 1);
        List<String> seen = new CopyOnWriteArrayList<>();
        client.setProcessCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            FloatBuffer dst = out.getFloatBuffer();
            seen.add(nframes + " " + src.isReadOnly() + " " + src.position() + "/" + src.limit() + " " + dst.limit()
                    + " " + Thread.currentThread().getName());
            for (int i = 0; i < nframes; i++) {
                dst.put(i, 2 * src.get(i));
            }
        });
        activate();

        server.plan(ActivationPlan.builder(FakeServer.RECORD + 1).client(FakeServer.RECORD).reads(0, 10).build());
        FloatBuffer source = server.segment().buffer(10);
        FloatBuffer outSlot = server.segment().buffer(1);
        for (int i = 0; i < 64; i++) {
            source.put(i, i);
        }
        assertTrue(server.cycle(5 * SECOND, 10), "the client finished the cycle");
        assertEquals(List.of("64 true 0/64 64 tactus-process-gain"), seen);
        assertEquals(126f, outSlot.get(63), "its input mixed from the source slot the plan names, doubled");
        assertTrue(server.graph().isValid(1, 1), "its output published for the cycle");
        assertTrue(server.graph().record(FakeServer.RECORD).finishedNanos()
                >= server.graph().record(FakeServer.RECORD).startedNanos());

        CompletableFuture<Void> unregistering = CompletableFuture.runAsync(() -> client.unregisterPort(in));
        assertEquals(new Request.UnregisterPort("in_1"), answerOk(MessageType.UNREGISTER_PORT));
        unregistering.get(5, TimeUnit.SECONDS);
        Port again = register("in_2", PortFlag.INPUT, 0);
        assertEquals("gain:in_2", again.name());
        server.segment().buffer(0).put(0, 7f);
        assertEquals(7f, again.getFloatBuffer().get(0), "the slot the server names, 0, freed by in_1");
    }

    @Test
    void shouldSilenceItsOutputsAndLeaveWhenTheProcessCallbackThrows() throws Exception {
        assumeTrue(Futex.linux().isAvailable(), "futexes are Linux only");
        open("crasher");
        Port out = register("out_1", PortFlag.OUTPUT, 0);
        RuntimeException boom = new IllegalStateException("boom");
        int[] calls = {0};
        client.setProcessCallback(nframes -> {
            FloatBuffer dst = out.getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                dst.put(i, 1f);
            }
            if (++calls[0] == 2) {
                throw boom;
            }
        });
        activate();

        assertTrue(server.cycle(5 * SECOND));
        assertEquals(1f, server.segment().buffer(0).get(10));
        assertTrue(server.cycle(5 * SECOND), "the failing cycle is still finished");
        assertEquals(0f, server.segment().buffer(0).get(10), "silence, not the half-written cycle");
        assertTrue(server.cycle(5 * SECOND) || !client.processThread().isAlive());
        assertEquals(2, calls[0], "never called again");

        ControlFrame goodbye = peer.expect(MessageType.GOODBYE);
        peer.ok(goodbye);
        assertEquals("its process callback threw java.lang.IllegalStateException: boom",
                shutdowns.poll(5, TimeUnit.SECONDS));
        assertEquals(boom, client.processFailure());
    }

    @Test
    void shouldSwitchTheProcessThreadToFifoAtTheWelcomePriorityWhenItFirstActivates() throws Exception {
        RealtimeNative nativeLayer = mock(RealtimeNative.class);
        when(nativeLayer.isAvailable()).thenReturn(true);
        when(nativeLayer.setScheduler(anyInt(), anyInt())).thenReturn(0);
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(65);
        when(nativeLayer.gettid()).thenReturn(4242);
        open("rt", transport(new RealtimeScheduler(nativeLayer, warnings::add)), 65);
        client.setProcessCallback(nframes -> { });

        activate();

        verify(nativeLayer, timeout(2_000)).setScheduler(1, 65);
        assertEquals("SCHED_FIFO 65", client.processThread().scheduling().describe());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void shouldRefuseMistakesWithOneSentenceBeforeAskingTheServer() throws Exception {
        open("c");
        assertEquals("port 'x' of client 'c' must be exactly one of INPUT or OUTPUT", assertThrows(TactusException.class,
                () -> client.registerPort("x", PortType.AUDIO, PortFlag.INPUT, PortFlag.OUTPUT)).getMessage());
        assertEquals("client 'c' has no process callback; set one before activate()",
                assertThrows(TactusException.class, client::activate).getMessage());
        assertEquals("an alias must have at least one character",
                assertThrows(TactusException.class, () -> client.setAlias("system:capture_1", "")).getMessage());
        assertEquals("the port name pattern '(' is not a regular expression (Unclosed group at index 1); fix it or leave"
                + " it empty to match any", assertThrows(TactusException.class, () -> client.getPorts("(", null)).getMessage());
    }

    /** Registers a port; the test, as the server, gives it {@code slot}. */
    private Port register(String shortName, PortFlag direction, int slot) throws Exception {
        CompletableFuture<Port> registering = CompletableFuture.supplyAsync(
                () -> client.registerPort(shortName, PortType.AUDIO, direction));
        ControlFrame request = peer.expect(MessageType.REGISTER_PORT);
        assertEquals(new Request.RegisterPort(shortName, direction == PortFlag.INPUT), request.message());
        peer.reply(request, new Reply.PortSlot(slot));
        return registering.get(5, TimeUnit.SECONDS);
    }

    private void activate() throws Exception {
        CompletableFuture<Void> activating = CompletableFuture.runAsync(client::activate);
        answerOk(MessageType.ACTIVATE);
        activating.get(5, TimeUnit.SECONDS);
    }

    private Object answerOk(MessageType type) throws Exception {
        ControlFrame request = peer.expect(type);
        peer.ok(request);
        return request.message();
    }

    private static boolean threadNamed(String name) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            boolean found = Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name));
            if (!found) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }
}
