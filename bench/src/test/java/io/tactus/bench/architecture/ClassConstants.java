package io.tactus.bench.architecture;

import com.tngtech.archunit.core.domain.JavaClass;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads the string constants of a compiled class from its constant pool (JVMS 4.4), which ArchUnit does not
 * expose: a path such as {@code "/proc/self/stat"} or a string-concatenation recipe holding {@code "/sys/"}
 * is a CONSTANT_Utf8 entry there, whatever the source did with it.
 */
final class ClassConstants {

    private ClassConstants() {
    }

    /** Whether the class's constants hold a path under /proc or /sys. */
    static boolean namesKernelFiles(JavaClass javaClass) {
        String resource = javaClass.getName().replace('.', '/') + ".class";
        try (InputStream in = ClassConstants.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no class file for " + javaClass.getName());
            }
            return namesKernelFiles(new DataInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean namesKernelFiles(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        boolean found = false;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> {
                    String text = in.readUTF();
                    found |= text.startsWith("/proc") || text.startsWith("/sys") || text.contains("\u0001/proc")
                            || text.contains("\u0001/sys");
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++; // eight-byte constants take two entries
                }
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        return found;
    }
}
