package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.stress.NativeJt3;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where Tactus's own libjack.so.0 and the native clients are: {@code native/target/lib} and {@code native/target/bin}
 * of the checkout this command runs from (the native module builds them), or the directory the system property
 * {@value #DIRECTORY_PROPERTY} names. Trade-off: found beside the build rather than installed, so a program run
 * through {@code tactus run} always gets the library of this very checkout.
 */
public final class NativeLibrary {

    /** Replaces the computed {@code native/target} directory (it holds {@code lib/} and {@code bin/}). */
    public static final String DIRECTORY_PROPERTY = "tactus.native.dir";
    /** The file a JACK program loads (its DT_NEEDED name). */
    public static final String LIBJACK = "libjack.so.0";
    /** The native jack_test3 client's file name in {@code bin/}. */
    public static final String JT3 = "tactus_jt3";

    private final Path target;

    private NativeLibrary(Path target) {
        this.target = target;
    }

    /** The native module's build directory of this checkout, or the one the property names. */
    public static NativeLibrary locate() {
        String override = System.getProperty(DIRECTORY_PROPERTY);
        if (override != null && !override.isBlank()) {
            return new NativeLibrary(Path.of(override).toAbsolutePath().normalize());
        }
        return new NativeLibrary(checkoutRoot().resolve("native").resolve("target"));
    }

    /** The native module's build directory ({@code lib/} and {@code bin/}). */
    public Path directory() {
        return target;
    }

    /** The directory of libjack.so.0, for LD_LIBRARY_PATH. */
    public Path libraryDirectory() {
        return target.resolve("lib");
    }

    /** A native program the module built ({@code tactus_jt3}, {@code tactus_test_client}). */
    public Path program(String name) {
        return target.resolve("bin").resolve(name);
    }

    /** The library's directory, or one sentence saying how to build it. */
    public Path requireBuilt() {
        Path library = libraryDirectory().resolve(LIBJACK);
        if (!Files.isRegularFile(library)) {
            throw new TactusException("Tactus's libjack is not built (no " + library + "); build it with"
                    + " 'mvn -B -pl native package', which needs gcc and make");
        }
        return libraryDirectory();
    }

    /** The native jack_test3 client on this libjack, or one sentence saying how to build them. */
    public NativeJt3 jt3() {
        Path program = program(JT3);
        if (!Files.isExecutable(program)) {
            throw new TactusException("the native jack_test3 client is not built (no " + program + "); build it with"
                    + " 'mvn -B -pl native package', which needs gcc and make");
        }
        return new NativeJt3(program, requireBuilt());
    }

    /** bench/target/classes or bench/target/tactus-bench.jar: three levels below the checkout. */
    private static Path checkoutRoot() {
        try {
            Path code = Path.of(NativeLibrary.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent().getParent().getParent();
        } catch (URISyntaxException | NullPointerException e) {
            return Path.of("").toAbsolutePath();
        }
    }
}
