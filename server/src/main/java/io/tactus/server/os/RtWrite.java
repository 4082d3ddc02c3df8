package io.tactus.server.os;

/**
 * One kernel tunable changed by an {@link RtLimit}: the file, the value it held and the value written.
 * Restoring writes {@code oldValue} back.
 */
public record RtWrite(java.nio.file.Path file, long oldValue, long newValue) {

    /** The shell command that undoes this write by hand. */
    public String undoCommand() {
        return "echo " + oldValue + " > " + file;
    }
}
