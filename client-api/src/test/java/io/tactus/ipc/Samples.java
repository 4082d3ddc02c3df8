package io.tactus.ipc;

import io.tactus.api.PortType;

import java.util.List;

/** One frame of every message type, with values that exercise signs, non-ASCII text and lists. */
final class Samples {

    private Samples() {
    }

    static List<ControlFrame> everyMessageType() {
        return List.of(
                new ControlFrame(1, new Request.Hello("mixer", 4242L, 4243, "normal")),
                new ControlFrame(2, new Request.RegisterPort("in_1", true)),
                new ControlFrame(3, new Request.UnregisterPort("Ausgang-Ü")),
                new ControlFrame(4, new Request.Connect("system:capture_1", "mixer:in_1")),
                new ControlFrame(5, new Request.Disconnect("mixer:out_1", "system:playback_1")),
                new ControlFrame(6, new Request.Activate()),
                new ControlFrame(7, new Request.Deactivate()),
                new ControlFrame(8, new Request.ListPorts(true)),
                new ControlFrame(9, new Request.Status()),
                new ControlFrame(11, new Request.Top()),
                new ControlFrame(11, new Reply.TopReport(23.5, 2, "SCHED_FIFO 70", "evict", 1, java.util.List.of(
                        new Reply.TopLine("jack_test3_1", "normal", "ACTIVE", 12.5, 2.25, 0.17, 40.0, 0, 1, 0),
                        new Reply.TopLine("hog_1", "low", "EVICTED", 0.5, 2001.0, 150.1, 2001.0, 3, 2, 1)))),
                new ControlFrame(12, new Request.TransportQuery()),
                new ControlFrame(12, new Reply.TransportReport("ROLLING", 96_000L, 48000, true, 3, 2, 960, 7680.0, 4.0,
                        4.0, 1920.0, 120.0)),
                new ControlFrame(13, new Request.TransportRequest("locate", 48_000L, 0.0)),
                new ControlFrame(Integer.MAX_VALUE, new Request.Goodbye()),
                new ControlFrame(36, new Request.SetSyncCallback(true)),
                new ControlFrame(37, new Request.SetSyncTimeout(-2_000_000L)),
                new ControlFrame(38, new Request.SetTimebase(true)),
                new ControlFrame(39, new Request.ReleaseTimebase()),
                // Internal clients (issue 21)
                new ControlFrame(40, new Request.LoadInternalClient("inprocess", "inprocess", "", false)),
                new ControlFrame(41, new Request.InternalClientHandle("inprocess")),
                new ControlFrame(42, new Request.UnloadInternalClient(1L)),
                new ControlFrame(43, new Request.InternalClientName(Long.MAX_VALUE)),
                new ControlFrame(40, new Reply.InternalClient(0L, 0x81, "", "cannot load internal client 'x'")),
                new ControlFrame(41, new Reply.InternalClient(3L, 0, "inprocess", "")),
                new ControlFrame(1, new Reply.Welcome(3, 48000, 64, "/dev/shm/tactus-default-graph", 3, 777L, 65)),
                new ControlFrame(-1, new Reply.Ok(MessageType.CONNECT)),
                new ControlFrame(2, new Reply.PortSlot(17)),
                new ControlFrame(Integer.MIN_VALUE, new Reply.Error("no port named 'mixer:in_9'")),
                new ControlFrame(8, new Reply.PortList(List.of(
                        new Reply.PortInfo("system:capture_1", false, List.of("mixer:in_1", "meter:in")),
                        new Reply.PortInfo("mixer:in_1", true, List.of("system:capture_1")),
                        new Reply.PortInfo("音:出", false, List.of()),
                        new Reply.PortInfo("seq:midi_out", false, PortType.MIDI, List.of("synth:midi_in"))))),
                new ControlFrame(9, new Reply.StatusReport(48000, 64, 20, 1_000_000_000_000L, 3L, 17L, 34.25,
                        "SCHED_FIFO 70", "async", "evict")),
                ControlFrame.notification(new Notification.Shutdown("evicted by watchdog: 3 overruns of 1.9 ms")),
                ControlFrame.notification(new Notification.Xrun(1234.5)),
                ControlFrame.notification(new Notification.GraphOrder()),
                // Buffer size and freewheel at run time (issue 20)
                new ControlFrame(32, new Request.SetBufferSize(256)),
                new ControlFrame(33, new Request.SetFreewheel(true)),
                ControlFrame.notification(new Notification.BufferSizeChanged(64)),
                ControlFrame.notification(new Notification.FreewheelChanged(false)),
                // Notifications and latency (issue 20)
                new ControlFrame(28, new Request.SetLatencyRange("out-Ü", true, 64, 128)),
                new ControlFrame(29, new Request.GetLatencyRange("system:playback_1", false)),
                new ControlFrame(30, new Request.RecomputeLatencies()),
                new ControlFrame(31, new Request.ListLatencies()),
                new ControlFrame(29, new Reply.LatencyReport(256, 320)),
                new ControlFrame(31, new Reply.LatencyList(List.of(new Reply.PortLatency("system:capture_1", 64, 64, 64, 0, 192),
                        new Reply.PortLatency("音:出", 0, 0, 0, 0, 0)))),
                ControlFrame.notification(new Notification.ClientRegistration(1, "音", true)),
                ControlFrame.notification(new Notification.PortRegistration(Long.MAX_VALUE, 7, "a:out", false)),
                ControlFrame.notification(new Notification.PortConnect(3, "a:out", "b:in", true)),
                ControlFrame.notification(new Notification.PortRename(4, -1, "a:out", "a:Ausgang")),
                ControlFrame.notification(new Notification.Latency(5, true)),
                ControlFrame.notification(new Notification.GraphBufferSize(6, 4096)),
                ControlFrame.notification(new Notification.GraphFreewheel(7, true)),
                ControlFrame.notification(new Notification.GraphFreewheel(8, false)),
                // Port queries, aliases, rename, statistics and metadata (issue 20)
                new ControlFrame(1, new Request.Hello("mixer", 4242L, 4243, "normal", false)),
                new ControlFrame(1, new Reply.Welcome(3, 48000, 64, "/dev/shm/tactus-default-graph", 3, 777L, 65, "mixer-01",
                        Long.MAX_VALUE)),
                new ControlFrame(2, new Request.RegisterPort("in_1", true, PortType.MIDI, 0x1 | 0x8 | 0x10)),
                new ControlFrame(20, new Request.QueryPorts("^system:(capture|playback)_[0-9]+$", "audio", 0x2 | 0x4)),
                new ControlFrame(20, new Reply.PortNames(List.of("system:capture_1", "音:出"))),
                new ControlFrame(21, new Request.DescribePort("alsa_pcm:capture_1")),
                new ControlFrame(22, new Request.PortById(-5L)),
                new ControlFrame(21, new Reply.PortDescription(new io.tactus.api.PortDetails("system:capture_1", 7L,
                        PortType.AUDIO, java.util.Set.of(io.tactus.api.PortFlag.OUTPUT, io.tactus.api.PortFlag.PHYSICAL),
                        List.of("alsa_pcm:capture_1", "Links")))),
                new ControlFrame(23, new Request.Alias("mixer:out_1", "Ausgang links", true)),
                new ControlFrame(24, new Request.RenamePort("out_1", "left")),
                new ControlFrame(25, new Request.Statistics(true)),
                new ControlFrame(25, new Reply.StatisticsReport(4.5, 1300.25, 0.0)),
                new ControlFrame(26, new Request.Property("set", 12L, "http://jackaudio.org/metadata/pretty-name", "Links",
                        "text/plain")),
                new ControlFrame(26, new Reply.PropertyList(List.of(new io.tactus.api.Property(12L,
                        "http://jackaudio.org/metadata/order", "3", "http://www.w3.org/2001/XMLSchema#integer"),
                        new io.tactus.api.Property(13L, "k", "ü", "")))),
                new ControlFrame(27, new Request.ClientUuid("mixer")),
                new ControlFrame(27, new Reply.Uuid(42L)),
                ControlFrame.notification(new Notification.PropertyChanged(12L, "", io.tactus.api.PropertyChange.DELETED)),
                // Client names by uuid (issue 21)
                new ControlFrame(28, new Request.ClientNameByUuid(42L)),
                new ControlFrame(28, new Reply.ClientName("mixer")));
    }
}
