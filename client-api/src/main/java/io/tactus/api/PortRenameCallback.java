package io.tactus.api;

/** Told, on a normal thread, that a port was renamed ({@code jack_set_port_rename_callback}). */
@FunctionalInterface
public interface PortRenameCallback {

    void portRename(int portId, String oldName, String newName);
}
