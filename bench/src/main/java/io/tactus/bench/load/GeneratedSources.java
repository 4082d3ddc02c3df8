package io.tactus.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the deterministic Java source tree that {@link CompileLoop} compiles: classes that call one
 * another, with generics, lambdas, streams and switches so that attribution and type inference do real
 * work, as a project build does. Nothing here is ever run, only compiled; it is plain text written once.
 */
final class GeneratedSources {

    static final String PACKAGE = "gen";
    /** A multiple of 4, the number of method kinds. */
    private static final int METHODS_PER_CLASS = 4;

    private GeneratedSources() {
    }

    /** Writes {@code classes} source files under {@code root/gen/} and returns their paths. */
    static List<Path> write(Path root, int classes) throws IOException {
        Path dir = Files.createDirectories(root.resolve(PACKAGE));
        List<Path> files = new ArrayList<>(classes);
        for (int i = 0; i < classes; i++) {
            Path file = dir.resolve(name(i) + ".java");
            Files.writeString(file, source(i, classes));
            files.add(file);
        }
        return files;
    }

    static String name(int i) {
        return String.format("C%03d", i);
    }

    static String source(int i, int classes) {
        String self = name(i);
        String next = name((i + 1) % classes);
        String far = name((i * 7 + 3) % classes);
        StringBuilder s = new StringBuilder(4096);
        s.append("package ").append(PACKAGE).append(";\n\n")
                .append("import java.util.*;\nimport java.util.function.*;\nimport java.util.stream.*;\n\n")
                .append("public final class ").append(self).append(" implements Comparable<").append(self).append("> {\n")
                .append("    private final int seed;\n")
                .append("    private final List<").append(next).append("> next = new ArrayList<>();\n")
                .append("    private final Map<String, ").append(far).append("> far = new TreeMap<>();\n\n")
                .append("    public ").append(self).append("(int seed) {\n        this.seed = seed;\n    }\n\n")
                .append("    @Override\n    public int compareTo(").append(self).append(" o) {\n")
                .append("        return Integer.compare(seed, o.seed);\n    }\n\n");
        for (int m = 0; m < METHODS_PER_CLASS; m++) {
            s.append(method(i, m, next, far));
        }
        return s.append("}\n").toString();
    }

    private static String method(int i, int m, String next, String far) {
        int k = i * METHODS_PER_CLASS + m;
        // The kind depends on m alone, so a call to m<j> on another class always finds the same signature.
        return switch (m % 4) {
            case 0 -> "    public int m" + m + "(int x) {\n"
                    + "        int sum = seed;\n"
                    + "        for (" + next + " n : next) {\n"
                    + "            sum += n.m" + ((m + 4) % METHODS_PER_CLASS) + "(x + " + k + ");\n"
                    + "        }\n"
                    + "        return sum ^ x;\n    }\n\n";
            case 1 -> "    public List<String> m" + m + "(List<String> words) {\n"
                    + "        List<String> kept = new ArrayList<>();\n"
                    + "        for (String w : words) {\n"
                    + "            if (w.length() > " + (k % 7) + ") {\n"
                    + "                kept.add(w.toUpperCase(Locale.ROOT) + " + k + ");\n"
                    + "            }\n"
                    + "        }\n"
                    + "        Collections.sort(kept);\n"
                    + "        return kept;\n    }\n\n";
            case 2 -> "    public <T extends Comparable<? super T>> Optional<T> m" + m + "(Collection<T> xs, Predicate<T> p) {\n"
                    + "        return xs.stream().filter(p.and(x -> x.hashCode() % " + (k % 5 + 2) + " != 0))"
                    + ".max(Comparator.naturalOrder());\n    }\n\n";
            default -> "    public String m" + m + "(int x) {\n"
                    + "        switch (x % 3) {\n"
                    + "            case 0: return far.isEmpty() ? \"" + k + "\" : far.values().iterator().next().m" + m + "(x - 1);\n"
                    + "            case 1: return String.valueOf(new " + far + "(x).compareTo(new " + far + "(seed)));\n"
                    + "            default: return \"" + k + "\" + next.size() + seed;\n"
                    + "        }\n    }\n\n";
        };
    }
}
