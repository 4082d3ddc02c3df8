package io.tactus.server.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Step;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EngineWarmupTest {

    @Test
    void shouldRehearseFourClassesOfTimedClientsThatAWaveWakesAndThatSometimesTimeOut() {
        EngineWarmup rehearsal = EngineWarmup.create(64);
        ExecutionPlan plan = rehearsal.plan();
        plan.bindPorts();
        Set<Class<?>> timedClasses = new HashSet<>();
        int timeouts = 0;
        int answered = 0;
        for (int cycle = 0; cycle < RehearsalClient.TIMEOUT_EVERY; cycle++) {
            for (int i = 0; i < plan.stepCount(); i++) {
                Step step = plan.step(i);
                step.prepare(64);
                step.process(64);
                if (step.isRemote()) {
                    timeouts += step.timedOut() ? 1 : 0;
                    answered += step.ownStart() != 0 ? 1 : 0;
                }
            }
        }
        for (int i = 0; i < plan.stepCount(); i++) {
            if (plan.step(i).isRemote()) {
                timedClasses.add(plan.step(i).client().process().getClass());
            }
        }

        assertEquals(4, timedClasses.size(), timedClasses::toString);
        assertEquals(4, timeouts, "each of the four times out once in " + RehearsalClient.TIMEOUT_EVERY + " calls");
        assertEquals(4 * (RehearsalClient.TIMEOUT_EVERY - 1), answered);
        long woken = 0;
        for (int i = 0; i < plan.stepCount(); i++) {
            if (plan.step(i).client().process() instanceof RehearsalClient r) {
                woken += r.triggers();
            }
        }
        assertEquals(3L * RehearsalClient.TIMEOUT_EVERY, woken, "the wave's leader wakes the other three each cycle");
        assertTrue(rehearsal.other().stepCount() > 0);
    }
}
