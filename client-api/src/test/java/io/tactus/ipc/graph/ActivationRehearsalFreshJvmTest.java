package io.tactus.ipc.graph;

import io.tactus.rt.Futex;
import io.tactus.testing.FreshJvm;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.FloatBuffer;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the rehearsal is for, in a fresh JVM ({@link #main}): a reader's mix compiled after thousands of cycles in
 * which its source was always valid, then a cycle in which it is not (its writer was stepped in for). Without the
 * rehearsal C2 compiled that branch as an uncommon trap and the JVM deoptimises the mix or what it
 * inlined (JFR's jdk.Deoptimization in this package); after it, not. {@code -Xbatch}: every compilation ends before the call that asked for it
 * returns, so the compiled mix is in place when the rare cycle comes.
 */
class ActivationRehearsalFreshJvmTest {

    @TempDir
    Path temp;

    @Test
    void shouldNotDeoptimiseTheMixWhenASourceTurnsInvalidAfterTheRehearsal() throws Exception {
        assertEquals(0, deoptimisationsOfTheMix("rehearsed"));
    }

    @Test
    void shouldSeeTheMixDeoptimisedWithoutTheRehearsal() throws Exception {
        assertTrue(deoptimisationsOfTheMix("cold") > 0, "without the rehearsal the first invalid source deoptimises "
                + "the mix (what the other test would miss if this scenario could not show it)");
    }

    private long deoptimisationsOfTheMix(String mode) throws Exception {
        String output = FreshJvm.run(ActivationRehearsalFreshJvmTest.class, 120, temp.toString(), mode);
        String last = output.substring(output.lastIndexOf('\n') + 1);
        assertTrue(last.startsWith("deoptimised "), output);
        return Long.parseLong(last.substring("deoptimised ".length()).split(" ")[0]);
    }

    /** Rehearses (or not: "cold"), runs the scenario under a JFR recording, prints the mix's deoptimisations. */
    public static void main(String[] args) throws Exception {
        if (args[1].equals("rehearsed")) {
            System.out.println("rehearsal " + ActivationRehearsal.ensure(Futex.linux()));
        }
        Path dump = Path.of(args[0], "deoptimisations.jfr");
        try (Recording recording = new Recording();
             GraphSegment segment = GraphSegment.create(Path.of(args[0]), "fresh", GraphLayout.of(3, 2, 64), 1)) {
            recording.enable("jdk.Deoptimization");
            recording.start();
            ActivationPlan.builder(3).client(1).client(2).feeds(1, 2).reads(1, 0).build().writeTo(segment, 0);
            GraphActivation activation = new GraphActivation(segment, Futex.linux());
            FloatBuffer[] views = {segment.buffer(0), segment.buffer(1)};
            for (long cycle = 1; cycle <= 100_000; cycle++) {
                activation.publish(0, cycle);
                activation.mixInput(1, cycle, views, views[1], 64);
            }
            for (long cycle = 100_001; cycle <= 100_010; cycle++) { // the writer stepped in for: nothing published
                activation.mixInput(1, cycle, views, views[1], 64);
            }
            recording.stop();
            recording.dump(dump);
        }
        long count = 0;
        StringBuilder seen = new StringBuilder();
        for (RecordedEvent event : RecordingFile.readAllEvents(dump)) {
            RecordedMethod method = event.getValue("method");
            if (method != null && method.getType().getName().startsWith(GraphActivation.class.getPackageName())) {
                count++;
                seen.append(' ').append(method.getType().getName()).append("::").append(method.getName()).append(' ')
                        .append(event.getString("reason"));
            }
        }
        System.out.println("deoptimised " + count + seen);
    }
}
