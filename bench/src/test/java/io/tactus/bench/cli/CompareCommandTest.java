package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;

import static io.tactus.bench.cli.CommandRun.errorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CompareCommandTest {

    @Test
    void shouldRefuseAPeerOtherThanJackdInOneSentence() {
        assertEquals("tactus: tactus compare knows one peer, jackd, not 'pipewire'", errorOf("compare", "pipewire"));
    }

    @Test
    void shouldRefuseALoadOtherThanNoneOrCpuInOneSentence() {
        assertEquals("tactus: --load must be none or cpu, not 'disk'", errorOf("compare", "jackd", "--load", "disk"));
    }

    @Test
    void shouldRefuseTactusClientsOtherThanNativeOrJavaInOneSentence() {
        assertEquals("tactus: --tactus-clients must be native or java, not 'python'",
                errorOf("compare", "jackd", "--tactus-clients", "python"));
    }
}
