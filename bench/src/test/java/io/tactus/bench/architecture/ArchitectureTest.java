package io.tactus.bench.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering the project keeps, checked on the compiled main classes of every module (bench's test class
 * path holds them all): client-api below server below bench, clients on client-api alone, no package cycles,
 * the engine free of control, watchdog and bench, and /proc and /sys read only in the OS packages.
 */
class ArchitectureTest {

    /** client-api's packages. */
    static final String[] CLIENT_API = {"io.tactus.api..", "io.tactus.ipc..", "io.tactus.rt..", "io.tactus.javasound..",
            "io.tactus.audio.."};

    /** The packages that may name /proc and /sys: the OS layer of each module. */
    static final List<String> OS_PACKAGES = List.of("io.tactus.rt", "io.tactus.server.os", "io.tactus.bench.os");

    static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // A module's test-jar (client-api's io.tactus.testing) is test code too.
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.tactus");
    }

    @Test
    void shouldImportEveryModule() {
        // A rule over an empty import passes whatever the code does: this one proves the import is real.
        TreeSet<String> roots = new TreeSet<>();
        for (JavaClass c : main) {
            String[] parts = c.getPackageName().split("\\.");
            roots.add(parts.length > 2 ? parts[2] : c.getPackageName());
        }
        assertTrue(roots.containsAll(List.of("api", "ipc", "rt", "server", "clients", "bench")), "imported " + roots);
    }

    @Test
    void clientApiShouldDependOnNoOtherModule() {
        rule(noClasses().that().resideInAnyPackage(CLIENT_API).should().dependOnClassesThat()
                .resideInAnyPackage("io.tactus.server..", "io.tactus.clients..", "io.tactus.bench.."));
    }

    @Test
    void clientsShouldDependOnTheClientApiOnly() {
        rule(noClasses().that().resideInAPackage("io.tactus.clients..").should().dependOnClassesThat()
                .resideInAnyPackage("io.tactus.server..", "io.tactus.bench.."));
    }

    @Test
    void serverShouldNotDependOnBenchOrClients() {
        rule(noClasses().that().resideInAPackage("io.tactus.server..").should().dependOnClassesThat()
                .resideInAnyPackage("io.tactus.bench..", "io.tactus.clients.."));
    }

    @Test
    void engineShouldDependOnNothingOfControlWatchdogOrBench() {
        rule(noClasses().that().resideInAPackage("io.tactus.server.engine..").should().dependOnClassesThat()
                .resideInAnyPackage("io.tactus.server.control..", "io.tactus.server.watchdog..", "io.tactus.bench.."));
    }

    @Test
    void packagesShouldBeFreeOfCycles() {
        rule(slices().matching("io.tactus.(**)").should().beFreeOfCycles());
    }

    @Test
    void onlyTheOsPackagesShouldNameProcOrSys() {
        TreeSet<String> offenders = new TreeSet<>();
        for (JavaClass c : main) {
            if (!OS_PACKAGES.contains(c.getPackageName()) && ClassConstants.namesKernelFiles(c)) {
                offenders.add(c.getName());
            }
        }
        assertEquals(new TreeSet<String>(), offenders, "classes outside " + OS_PACKAGES + " that name /proc or /sys");
    }

    private static void rule(ArchRule rule) {
        rule.check(main);
    }
}
