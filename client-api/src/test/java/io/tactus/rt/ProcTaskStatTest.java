package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProcTaskStatTest {

    @Test
    void shouldCountFieldsAfterACommandNameWithSpacesAndParentheses() {
        StringBuilder stat = new StringBuilder("4242 (tactus (rt) x) R");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 19 ? -5 : field == 40 ? 70 : field == 41 ? 1 : field);
        }
        ProcTaskStat parsed = ProcTaskStat.parse(4242, stat.append('\n').toString());

        assertEquals(new ProcTaskStat(4242, -5, 70, 1), parsed);
    }
}
