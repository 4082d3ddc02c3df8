package io.tactus.bench.os;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransparentHugePagesTest {

    @Test
    void shouldReadTheSettingInBracketsAsTheOneInForce() {
        assertTrue(TransparentHugePages.available("always [madvise] never\n"));
        assertTrue(TransparentHugePages.available("[always] madvise never\n"));
        assertFalse(TransparentHugePages.available("always madvise [never]\n"));
        assertFalse(TransparentHugePages.available(""));
    }

    @Test
    void shouldAgreeWithThisMachinesKernel() throws Exception {
        Path enabled = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean expected = Files.isReadable(enabled) && !Files.readString(enabled).contains("[never]");
        assertEquals(expected, TransparentHugePages.available());
    }
}
