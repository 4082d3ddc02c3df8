package io.tactus.bench.load;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * The child process of the compile background load: writes {@link GeneratedSources} into the directory
 * it is given, then compiles them with the in-process system compiler into a fresh output directory,
 * deletes that and starts again, which mixes CPU, allocation and file I/O like a real build. In-process
 * javac keeps it to one process and one warm JIT, so rounds are a steady load rather than spikes of JVM
 * start-up; the price is that, once the JIT has settled (about a minute, during which its compiler
 * threads take a second core), it occupies one core, not every core as {@code make -j} would.
 *
 * <p>Arguments: the working directory (created by the parent, deleted here on a normal end) and,
 * optionally, a number of rounds. Prints {@code ready}, then one {@code round} line per compilation.
 */
public final class CompileLoop {

    private CompileLoop() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        long rounds = args.length > 1 ? Long.parseLong(args[1]) : Long.MAX_VALUE;
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            System.out.println("this Java runtime has no compiler (a JRE, not a JDK)");
            System.exit(2);
        }
        AtomicBoolean parentGone = new AtomicBoolean();
        ParentWatch.onParentGone(() -> parentGone.set(true));
        List<Path> sources = GeneratedSources.write(root.resolve("src"), BackgroundLoad.COMPILE_CLASSES);
        System.out.println(ChildProcess.READY);
        for (long round = 1; round <= rounds && !parentGone.get(); round++) {
            long start = System.nanoTime();
            Path out = Files.createDirectories(root.resolve("out-" + round));
            long compiled = compile(javac, sources, out);
            deleteTree(out);
            System.out.println("round " + round + ": " + compiled + " classes in "
                    + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
        deleteTree(root);
    }

    /** Compiles {@code sources} into {@code out} and returns how many class files that wrote. */
    private static long compile(JavaCompiler javac, List<Path> sources, Path out) throws IOException {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            List<String> options = List.of("-d", out.toString(), "-proc:none", "-nowarn", "-g");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources))
                    .call();
            if (!ok) {
                throw new IllegalStateException("the generated sources did not compile: "
                        + diagnostics.getDiagnostics().get(0));
            }
        }
        try (Stream<Path> written = Files.walk(out)) {
            return written.filter(p -> p.toString().endsWith(".class")).count();
        }
    }

    /** Deletes a directory tree, children first; a tree that is already gone is fine. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
