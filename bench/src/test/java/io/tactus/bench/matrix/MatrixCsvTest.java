package io.tactus.bench.matrix;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MatrixCsvTest {

    @Test
    void shouldWriteAHeaderAndEveryFigureOfEveryRun() {
        List<String> lines = MatrixCsv.format(MatrixRows.sample()).lines().toList();
        assertEquals(9, lines.size());
        assertEquals("run,configuration,class,load,repeat,status,scheduling,xruns,timeouts,delay_max_usecs,"
                + "delay_p999_usecs,cycle_max_usecs,dsp_load_mean_pct,dsp_load_max_pct,cpu_steal_pct,"
                + "rt_allocated_bytes,clients_at_end,delay_over_1000us,floor_delay_over_1000us,delay_count_floor_ratio,"
                + "failure", lines.get(0));
        assertEquals("1,fifo,SCHED_FIFO,none,1,ok,SCHED_FIFO 70,0,0,347.2,86.8,310.4,33.25,61.50,0.75,0,20,2,4,0.500,",
                lines.get(1));
        assertEquals("6,other,SCHED_OTHER,none,1,ok,SCHED_OTHER nice 0,41,0,155637.0,38909.3,310.4,33.25,61.50,0.75,0,20,"
                + "43,,,", lines.get(6));
        assertEquals("8,fifo+compile,SCHED_FIFO,compile,2,ok,SCHED_FIFO 70,0,0,2569.0,642.3,310.4,33.25,61.50,0.75,0,20,"
                + "2,4,0.500,", lines.get(8));
    }

    @Test
    void shouldQuoteTheRefusedDeadlineAndLeaveAFailedRunsFiguresEmpty() {
        List<String> lines = MatrixCsv.format(MatrixRows.sample()).lines().toList();
        assertEquals("3,deadline,SCHED_DEADLINE,none,1,refused,\"" + MatrixRows.DEADLINE_REFUSED
                + "\",12,0,812.6,203.2,310.4,33.25,61.50,0.75,0,20,14,4,3.500,", lines.get(3));
        assertEquals("5,nice-20+compile,nice(-20),compile,1,failed,SCHED_OTHER nice -20,,,,,,,,,,,,,,the server did not start",
                lines.get(5));
        assertEquals(21, lines.get(5).split(",", -1).length);
    }

    @Test
    void shouldDoubleQuotesInsideAQuotedField() {
        assertEquals("\"said \"\"no\"\", twice\"", MatrixCsv.quote("said \"no\", twice"));
        assertEquals("plain", MatrixCsv.quote("plain"));
    }
}
