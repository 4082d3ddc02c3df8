package io.tactus.server.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.tactus.server.graph.ExecutionPlan;
import org.junit.jupiter.api.Test;

class EngineWarmupTest {

    @Test
    void shouldRehearseTwoPlansOfAnotherShapeOverTheSameFourClients() {
        EngineWarmup rehearsal = EngineWarmup.create(64);
        ExecutionPlan plan = rehearsal.plan();
        ExecutionPlan other = rehearsal.other();
        assertEquals(4, plan.stepCount());
        assertEquals(4, other.stepCount());
        assertNotEquals(plan.step(3).upstream().length, other.step(3).upstream().length,
                "the second plan has another shape: w4 is fed by one client fewer");
    }
}
