package io.tactus.javasound;

import javax.sound.sampled.Control;
import javax.sound.sampled.Line;
import javax.sound.sampled.LineEvent;
import javax.sound.sampled.LineListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the Tactus mixer and its lines share as {@link Line}s: listeners, and no controls. Gain, pan and mute
 * belong in the graph (a gain client between the line and the speakers), where every client can use them;
 * a control here would need the realtime callback to read it, for no gain over that. Events go out on the
 * thread that caused them, after the state changed and outside any lock, so a listener may call back into the
 * line; the listener list is copy-on-write because it changes rarely and is read on every event. Public so
 * that other lines without controls (the server tests' virtual devices) share it rather than copy it.
 */
public abstract class ControlFreeLine implements Line {

    private final List<LineListener> listeners = new CopyOnWriteArrayList<>();

    /** Sends {@code type} to the listeners on this thread; call it outside any lock. */
    void send(LineEvent.Type type, long position) {
        LineEvent event = new LineEvent(this, type, position);
        for (LineListener listener : listeners) {
            listener.update(event);
        }
    }

    @Override
    public Control[] getControls() {
        return new Control[0];
    }

    @Override
    public boolean isControlSupported(Control.Type control) {
        return false;
    }

    @Override
    public Control getControl(Control.Type control) {
        throw new IllegalArgumentException("Tactus lines have no controls; put a gain client in the graph for "
                + control);
    }

    @Override
    public void addLineListener(LineListener listener) {
        if (listener != null) {
            listeners.add(listener);
        }
    }

    @Override
    public void removeLineListener(LineListener listener) {
        listeners.remove(listener);
    }
}
