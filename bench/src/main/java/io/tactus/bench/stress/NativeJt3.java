package io.tactus.bench.stress;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The native jack_test3 client ({@code tactus_jt3}) and the libjack it is to load: the one binary, linked against
 * the soname {@code libjack.so.0}, runs on Tactus with the project's library first on {@code LD_LIBRARY_PATH}, and on
 * JACK2 with the system's (the variable cleared, so that a Tactus path inherited from a shell cannot leak in).
 *
 * @param program          the {@code tactus_jt3} executable
 * @param libraryDirectory the directory of Tactus's libjack.so.0; null for the system's libjack (JACK2)
 */
public record NativeJt3(Path program, Path libraryDirectory) {

    /** The same binary on the system's libjack. */
    public NativeJt3 onSystemLibjack() {
        return new NativeJt3(program, null);
    }

    /** Environment changes for a client process; a null value removes the variable. */
    Map<String, String> environment(Path runtimeDirectory) {
        Map<String, String> env = new HashMap<>();
        if (libraryDirectory == null) {
            env.put("LD_LIBRARY_PATH", null);
            env.put("JACK_NO_START_SERVER", "1");
            env.put("JACK_NO_AUDIO_RESERVATION", "1");
        } else {
            String existing = System.getenv("LD_LIBRARY_PATH");
            env.put("LD_LIBRARY_PATH", existing == null || existing.isEmpty() ? libraryDirectory.toString()
                    : libraryDirectory + File.pathSeparator + existing);
            if (runtimeDirectory != null) {
                env.put("TACTUS_RUNTIME_DIR", runtimeDirectory.toString());
            }
        }
        return env;
    }
}
