package io.tactus.bench.matrix;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MatrixFormatterTest {

    @Test
    void shouldGroupDelayMaximumByClassAsTheLkmlThreadDid() {
        String expected = """
                ============= SCHED_FIFO ==============
                ...fifo...
                Delay Maximum . . . . . . . . :   347   usecs
                Delay Maximum . . . . . . . . :   277   usecs
                ...fifo+compile...
                Delay Maximum . . . . . . . . :   285   usecs
                Delay Maximum . . . . . . . . :  2569   usecs

                ============= SCHED_DEADLINE ==============
                ...deadline...
                Delay Maximum . . . . . . . . :   813   usecs   ran as SCHED_OTHER nice 0 (SCHED_DEADLINE runtime 667 us, deadline 1333 us, period 1333 us refused: EPERM)

                ============= nice(-20) ==============
                ...nice-20...
                Delay Maximum . . . . . . . . : 13818   usecs
                ...nice-20+compile...
                Delay Maximum . . . . . . . . :     -   failed: the server did not start

                ============= SCHED_OTHER ==============
                ...other...
                Delay Maximum . . . . . . . . : 155637   usecs
                """;
        assertEquals(expected, MatrixFormatter.grouped(MatrixRows.sample()));
    }

    @Test
    void shouldPrintOneAlignedTableRowPerRunWithFailuresSaidInFull() {
        String expected = """
                run  configuration    xruns  timeouts  delay max  delay p99.9  cycle max  DSP load  DSP max  steal  RT alloc  clients  late  floor late  late/floor  scheduling
                                                           usecs        usecs      usecs         %        %      %     bytes           >1ms        >1ms
                  1  fifo                 0         0        347           87        310      33.3     61.5    0.8         0       20     2           4        0.50  SCHED_FIFO 70
                  2  fifo+compile         0         0        285           71        310      33.3     61.5    0.8         0       20     2           4        0.50  SCHED_FIFO 70
                  3  deadline            12         0        813          203        310      33.3     61.5    0.8         0       20    14           4        3.50  <REFUSED>
                  4  nice-20              3         0      13818         3455        310      33.3     61.5    0.8         0       20     5           4        1.25  SCHED_OTHER nice -20
                  5  nice-20+compile      -         -          -            -          -         -        -      -         -        -     -           -           -  FAILED: the server did not start
                  6  other               41         0     155637        38909        310      33.3     61.5    0.8         0       20    43         n/a           -  SCHED_OTHER nice 0
                  7  fifo                 1         0        277           69        310      33.3     61.5    0.8         0       20     3           4        0.75  SCHED_FIFO 70
                  8  fifo+compile         0         0       2569          642        310      33.3     61.5    0.8         0       20     2           4        0.50  SCHED_FIFO 70
                """.replace("<REFUSED>", MatrixRows.DEADLINE_REFUSED);
        assertEquals(expected, MatrixFormatter.table(MatrixRows.sample()));
    }

    @Test
    void shouldPrintOnlyTheClassesThatRan() {
        String grouped = MatrixFormatter.grouped(MatrixRows.sample().subList(5, 6));
        assertEquals("============= SCHED_OTHER ==============\n...other...\n"
                + "Delay Maximum . . . . . . . . : 155637   usecs\n", grouped);
    }
}
