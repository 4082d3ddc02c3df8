package io.tactus.bench.cli;

import io.tactus.server.driver.javasound.JavaSoundDevice;
import picocli.CommandLine.Command;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tactus devices}: the Java Sound devices {@code -d javasound} can use, one per line, as
 * {@code aplay -l} lists sound cards. Like {@code aplay -l}, finding none is an error (one sentence,
 * exit 1), so a script can tell "no sound here" from a list. Our own "Tactus" mixer is never listed.
 */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = "Lists the Java Sound devices that -d javasound --device NAME can use; exits 1 when there are none.")
public final class DevicesCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        List<JavaSoundDevice> devices = JavaSoundDevice.list();
        if (devices.isEmpty()) {
            System.err.println("tactus: no Java Sound devices found; use -d dummy or -d wav");
            return 1;
        }
        for (JavaSoundDevice device : devices) {
            System.out.println(device.describe());
        }
        return 0;
    }
}
