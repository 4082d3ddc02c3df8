package io.tactus.server.graph;

import io.tactus.api.BufferSizeCallback;
import io.tactus.api.ClientPriority;
import io.tactus.api.FreewheelCallback;
import io.tactus.api.GraphOrderCallback;
import io.tactus.api.ProcessCallback;
import io.tactus.api.PropertyChangeCallback;
import io.tactus.api.ShutdownCallback;
import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.XrunCallback;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A client as the server holds it: its name, ports, callbacks and activation. Mutated only by control
 * threads under the {@link Graph}'s lock; the engine sees it only through immutable execution plans.
 */
public final class ClientNode {

    private final String name;
    private final int id;
    private final long uuid;
    private final List<PortNode> ports = new ArrayList<>();
    private volatile ProcessCallback process;
    private volatile ShutdownCallback shutdown;
    private volatile XrunCallback xrun;
    private volatile GraphOrderCallback graphOrder;
    private volatile PropertyChangeCallback propertyChange;
    private volatile SyncCallback sync;
    private volatile TimebaseCallback timebase;
    private volatile GraphListener graphListener;
    private final ClientPriority priority;
    private boolean active;
    private boolean muted;
    private volatile boolean closed;
    private volatile int processThreadTid;
    private volatile long processId;
    private volatile int pinnedCpu = -1;
    /** Its activation record in the {@link SharedGraph}, 0 while it has none; under the graph's lock. */
    private int record;
    /** A client in its own process: it runs on its own thread, woken through the shared graph. */
    private volatile boolean remote;
    // Buffer size and freewheel at run time (issue 20): the callbacks, and what they were last told.
    private volatile BufferSizeCallback bufferSize;
    private volatile FreewheelCallback freewheel;
    private volatile int seenFrames;
    private volatile boolean seenFreewheel;

    ClientNode(String name, int id, long uuid, ClientPriority priority) {
        this.name = name;
        this.id = id;
        this.uuid = uuid;
        this.priority = priority;
    }

    /**
     * Unique among the server's clients and ports for its whole life, never reused ({@code jack_client_get_uuid}):
     * the subject of its metadata.
     */
    public long uuid() {
        return uuid;
    }

    public PropertyChangeCallback propertyChangeCallback() {
        return propertyChange;
    }

    public void setPropertyChangeCallback(PropertyChangeCallback propertyChange) {
        this.propertyChange = propertyChange;
    }

    public String name() {
        return name;
    }

    /** Unique for the server's lifetime; never reused. */
    public int id() {
        return id;
    }

    public List<PortNode> ports() {
        return Collections.unmodifiableList(ports);
    }

    List<PortNode> mutablePorts() {
        return ports;
    }

    public ProcessCallback process() {
        return process;
    }

    public void setProcess(ProcessCallback process) {
        this.process = process;
    }

    public ShutdownCallback shutdownCallback() {
        return shutdown;
    }

    public void setShutdownCallback(ShutdownCallback shutdown) {
        this.shutdown = shutdown;
    }

    public XrunCallback xrunCallback() {
        return xrun;
    }

    public void setXrunCallback(XrunCallback xrun) {
        this.xrun = xrun;
    }

    public GraphOrderCallback graphOrderCallback() {
        return graphOrder;
    }

    public void setGraphOrderCallback(GraphOrderCallback graphOrder) {
        this.graphOrder = graphOrder;
    }

    /** Hears the graph's changes for this client (issue 20), or null while it hears none. */
    public GraphListener graphListener() {
        return graphListener;
    }

    public void setGraphListener(GraphListener listener) {
        this.graphListener = listener;
    }

    /** The slow-sync callback, or null; the plan carries it. */
    public SyncCallback syncCallback() {
        return sync;
    }

    public void setSyncCallback(SyncCallback sync) {
        this.sync = sync;
    }

    /** The timebase callback, set only while the client is the {@link Graph#timebaseMaster()}. */
    public TimebaseCallback timebaseCallback() {
        return timebase;
    }

    void setTimebaseCallback(TimebaseCallback timebase) {
        this.timebase = timebase;
    }

    /** The kernel tid of an out-of-process client's process thread (from its Hello); 0 for an in-process client. */
    public int processThreadTid() {
        return processThreadTid;
    }

    public void setProcessThreadTid(int tid) {
        this.processThreadTid = tid;
    }

    /**
     * The process id of an out-of-process client, from the kernel (SO_PEERCRED); 0 for an in-process client. Its
     * realtime threads spend the same kernel RT budget as the server's.
     */
    public long processId() {
        return processId;
    }

    public void setProcessId(long pid) {
        this.processId = pid;
    }

    /** The CPU its process thread was pinned to ({@link CpuPlacement}), or -1. Control threads. */
    public int pinnedCpu() {
        return pinnedCpu;
    }

    void setPinnedCpu(int cpu) {
        this.pinnedCpu = cpu;
    }

    /** Its activation record in the server's {@link SharedGraph}, or 0 when it has none. */
    public int record() {
        return record;
    }

    void setRemote() {
        this.remote = true;
    }

    void setRecord(int record) {
        this.record = record;
    }

    /** In its own process: the engine never calls it, it runs when the clients that feed it wake it. */
    public boolean isRemote() {
        return remote;
    }

    public ClientPriority priority() {
        return priority;
    }

    public boolean isActive() {
        return active;
    }

    /**
     * Muted by the watchdog: active, but left out of the plan, so its outputs read as silence until it is
     * readmitted. The client is not told; a JACK client cannot tell a skipped cycle from a quiet one.
     */
    public boolean isMuted() {
        return muted;
    }

    void setMuted(boolean muted) {
        this.muted = muted;
    }

    /** Active and not muted: the plan runs it. */
    boolean runs() {
        return active && !muted && (process != null || remote);
    }

    void setActive(boolean active) {
        this.active = active;
    }

    public boolean isClosed() {
        return closed;
    }

    void setClosed() {
        this.closed = true;
        this.active = false;
    }

    public void setBufferSizeCallback(BufferSizeCallback callback) {
        this.bufferSize = callback;
    }

    public void setFreewheelCallback(FreewheelCallback callback) {
        this.freewheel = callback;
    }

    /** The period size this client's callbacks last heard of; set when it joins. */
    public int seenFrames() {
        return seenFrames;
    }

    public boolean seenFreewheel() {
        return seenFreewheel;
    }

    /** What the client starts from when it joins: no callback for the state it joined in. */
    public void seen(int nframes, boolean freewheeling) {
        this.seenFrames = nframes;
        this.seenFreewheel = freewheeling;
    }

    /**
     * Tells the callbacks of a switch: freewheel first, then the size. On the thread that runs the client's next
     * call (the engine's), or a control thread for a client that is not in the plan. May allocate (the callbacks
     * may); a callback that throws fails the client as its process callback would.
     */
    public void tellSwitch(int nframes, boolean freewheeling) {
        boolean resized = nframes != seenFrames;
        boolean wheeled = freewheeling != seenFreewheel;
        seenFrames = nframes;
        seenFreewheel = freewheeling;
        FreewheelCallback onFreewheel = freewheel;
        if (wheeled && onFreewheel != null) {
            onFreewheel.freewheelChanged(freewheeling);
        }
        BufferSizeCallback onSize = bufferSize;
        if (resized && onSize != null) {
            onSize.bufferSizeChanged(nframes);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
