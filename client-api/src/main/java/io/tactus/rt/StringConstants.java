package io.tactus.rt;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Resolves the string constants of the project's classes on a normal thread, so that the JIT does not do it on a
 * realtime one. When a method gets hot enough for C2, HotSpot's compile broker first resolves every string
 * constant of the method's class, on the thread whose counter overflowed ({@code
 * ConstantPool::resolve_string_constants}): the engine thread was charged once per class with its literals (56
 * bytes for a driver named "impulse", 96 for a {@code toString} recipe, under ZGC), some seconds into a run, though
 * no code on it allocated (docs/realtime.md, section 5). Only classes already initialised are resolved (the pool of
 * a class not yet linked is not safe to read), and each once; the server calls this when its engine is ready and
 * before each plan it switches to, whose classes are initialised by then.
 *
 * <p>Needs {@link #OPTIONS} (the launcher and the client processes it starts pass them); without them it warns once
 * and does nothing.
 */
public final class StringConstants {

    /** Opens the JDK's constant-pool reflection to the project; put them before {@code -cp}. */
    public static final List<String> OPTIONS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED");

    private static final String PACKAGE = "io/tactus/";

    private static List<String> pending;
    private static Access access;
    private static boolean unavailable;

    private StringConstants() {
    }

    /**
     * Resolves the string constants of every project class that is loaded and initialised and was not resolved
     * before; returns how many classes it resolved now, -1 when this JVM does not allow it (warned once).
     * Not realtime: the first call lists the class path, later ones cost about a microsecond per class left.
     */
    public static synchronized int resolveInitialised() {
        if (unavailable) {
            return -1;
        }
        if (access == null) {
            try {
                access = new Access();
            } catch (ReflectiveOperationException | InaccessibleObjectException | SecurityException e) {
                unavailable = true;
                System.err.println("tactus: warning: string constants are not resolved ahead (this JVM lacks "
                        + String.join(" ", OPTIONS) + "); the JIT may charge a realtime thread with a few bytes once per class");
                return -1;
            }
            pending = projectClassNames();
        }
        int resolved = 0;
        List<String> left = new ArrayList<>(pending.size());
        for (String name : pending) {
            if (access.resolveIfInitialised(name)) {
                resolved++;
            } else {
                left.add(name);
            }
        }
        pending = left;
        return resolved;
    }

    /** The JDK's hidden parts this needs, looked up once. */
    private static final class Access {
        private final ClassLoader loader = StringConstants.class.getClassLoader();
        private final Method findLoadedClass;
        private final Method constantPool;
        private final Object unsafe;
        private final Method shouldBeInitialized;
        private final Method size;
        private final Method tag;
        private final Method string;

        Access() throws ReflectiveOperationException {
            findLoadedClass = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
            findLoadedClass.setAccessible(true);
            constantPool = Class.class.getDeclaredMethod("getConstantPool");
            constantPool.setAccessible(true);
            Class<?> unsafeType = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeType.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            unsafe = theUnsafe.get(null);
            shouldBeInitialized = unsafeType.getMethod("shouldBeInitialized", Class.class);
            Class<?> poolType = Class.forName("jdk.internal.reflect.ConstantPool");
            size = poolType.getMethod("getSize");
            tag = poolType.getMethod("getTagAt", int.class);
            string = poolType.getMethod("getStringAt", int.class);
            size.invoke(constantPool.invoke(StringConstants.class)); // fails here, not later, without the opens
        }

        /** True when the class is done: resolved now, or one that has no pool to resolve; false to look again. */
        boolean resolveIfInitialised(String name) {
            try {
                Class<?> type = (Class<?>) findLoadedClass.invoke(loader, name);
                if (type == null || (boolean) shouldBeInitialized.invoke(unsafe, type)) {
                    return false;
                }
                Object pool = constantPool.invoke(type);
                int n = (int) size.invoke(pool);
                for (int i = 1; i < n; i++) {
                    if ("STRING".equals(String.valueOf(tag.invoke(pool, i)))) {
                        string.invoke(pool, i);
                    }
                }
                return true;
            } catch (IllegalAccessException | InvocationTargetException e) {
                return true; // an entry the pool cannot give: nothing the JIT would resolve either
            }
        }
    }

    private static List<String> projectClassNames() {
        Set<String> names = new HashSet<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            try {
                if (Files.isDirectory(path.resolve(PACKAGE))) {
                    try (Stream<Path> files = Files.walk(path.resolve(PACKAGE))) {
                        files.map(path::relativize).map(p -> p.toString().replace(File.separatorChar, '/'))
                                .filter(f -> f.endsWith(".class")).forEach(f -> names.add(className(f)));
                    }
                } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                    try (JarFile jar = new JarFile(path.toFile())) {
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            String f = e.nextElement().getName();
                            if (f.startsWith(PACKAGE) && f.endsWith(".class")) {
                                names.add(className(f));
                            }
                        }
                    }
                }
            } catch (IOException e) {
                // an unreadable class path entry holds nothing this JVM runs
            }
        }
        return new ArrayList<>(names);
    }

    private static String className(String file) {
        return file.substring(0, file.length() - ".class".length()).replace('/', '.');
    }
}
