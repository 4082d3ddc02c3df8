package io.tactus.server.driver.javasound;

import javax.sound.sampled.Control;
import javax.sound.sampled.Line;
import javax.sound.sampled.LineListener;

/** What the virtual mixer and its lines share as {@link Line}s: no controls and no events. */
abstract class ControlFreeTestLine implements Line {

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
        throw new IllegalArgumentException("no controls");
    }

    @Override
    public void addLineListener(LineListener listener) {
        // No events.
    }

    @Override
    public void removeLineListener(LineListener listener) {
        // No events.
    }
}
