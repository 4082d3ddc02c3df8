package io.tactus.rt;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A PM QoS request on {@code /dev/cpu_dma_latency}, held while this is open: no idle CPU of the machine may
 * take longer than {@code micros} to wake. At 0 the cpuidle governor keeps idle CPUs polling instead of
 * halting, which on a virtual machine (cpuidle-haltpoll) is the difference between a timer that wakes a
 * realtime thread on time and an idle virtual CPU the host has descheduled (docs/vm-timing.md). cyclictest
 * holds the same request by default; an audio server is the program that needs it. The kernel drops the
 * request when the descriptor closes, so a process that dies leaves nothing behind. Setup calls only.
 */
public final class CpuLatencyRequest implements AutoCloseable {

    /** The kernel's PM QoS device for the CPUs' wake-up latency. */
    public static final Path DEVICE = Path.of("/dev/cpu_dma_latency");

    /**
     * The CPUs' idle driver. Only a driver's governor reads PM QoS requests: with none ("none" here, or no such
     * file), the kernel halts an idle CPU whatever is asked.
     */
    public static final Path CPUIDLE_DRIVER = Path.of("/sys/devices/system/cpu/cpuidle/current_driver");

    /** A request that holds nothing: none was asked for, or it could not be made. */
    public static final CpuLatencyRequest NONE = new CpuLatencyRequest(null, -1);

    private final FileOutputStream device;
    private final int micros;

    private CpuLatencyRequest(FileOutputStream device, int micros) {
        this.device = device;
        this.micros = micros;
    }

    /**
     * Opens {@code device} and asks for {@code micros} µs (the kernel's binary form: a native-endian 32-bit
     * integer). Throws {@link IOException} when the device is missing or not writable (not root).
     */
    public static CpuLatencyRequest hold(Path device, int micros) throws IOException {
        if (micros < 0) {
            throw new IllegalArgumentException("a CPU wake-up latency is 0 or more microseconds, not " + micros);
        }
        FileOutputStream out = new FileOutputStream(device.toFile());
        try {
            out.write(ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.nativeOrder()).putInt(micros).array());
            out.flush();
        } catch (IOException e) {
            out.close();
            throw e;
        }
        return new CpuLatencyRequest(out, micros);
    }

    /** The idle driver named in {@code file} ("haltpoll", "intel_idle", "none"); null when it cannot be read. */
    public static String idleDriver(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The latency held, in µs; -1 when this holds nothing. */
    public int micros() {
        return micros;
    }

    /** How a start line says what is held: "idle CPUs poll (PM QoS 0 usecs)", "idle CPUs as the system sets them". */
    public static String describe(int micros) {
        if (micros < 0) {
            return "idle CPUs as the system sets them";
        }
        return micros == 0 ? "idle CPUs poll (PM QoS 0 usecs)" : "idle CPUs wake within " + micros + " usecs (PM QoS)";
    }

    public boolean held() {
        return device != null;
    }

    /** Drops the request: the CPUs may sleep as deep as the system lets them again. */
    @Override
    public void close() {
        if (device == null) {
            return;
        }
        try {
            device.close();
        } catch (IOException ignored) {
            // the descriptor is gone either way, and with it the request
        }
    }
}
