package io.tactus.bench.cli;

import io.tactus.api.TactusException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The ready clients {@code tactus client KIND} can run, each with the options that belong to it, so that an
 * option given to the wrong kind is refused rather than silently ignored.
 */
enum ClientKind {
    JT3("--ports", "--work", "--rehearse", "--midi"),
    CASCADE("--ports", "--work", "--rehearse", "--saw"),
    SINE("--freq", "--gain"),
    GAIN("--gain", "--ports", "--rehearse"),
    HOG("--load", "--after", "--pattern"),
    SLEEPER("--sleep-ms", "--after-cycles", "--every-cycle"),
    ALLOCATOR("--bytes"),
    CRASHER("--at-cycle", "--mode"),
    MIDI_FILE(),
    TRANSPOSE("--semitones", "--rehearse"),
    MIDI_DUMP(),
    METRO("--bpm", "--key", "--velocity"),
    SYNTH("--soundfont", "--ahead");

    private final List<String> options;

    ClientKind(String... options) {
        this.options = List.of(options);
    }

    /** "jt3", "sine", "midi-file", ...: the word on the command line, and the default client name. */
    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    boolean takes(String option) {
        return options.contains(option);
    }

    /** Every option that belongs to some kind. */
    static boolean isKindOption(String option) {
        return Arrays.stream(values()).anyMatch(kind -> kind.takes(option));
    }

    /** The kinds that take {@code option}, for the error: "sine or gain". */
    static String kindsTaking(String option) {
        List<String> kinds = Arrays.stream(values()).filter(kind -> kind.takes(option)).map(ClientKind::label).toList();
        return kinds.size() == 1 ? kinds.get(0)
                : String.join(", ", kinds.subList(0, kinds.size() - 1)) + " or " + kinds.get(kinds.size() - 1);
    }

    static ClientKind parse(String text) {
        for (ClientKind kind : values()) {
            if (kind.label().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        throw new TactusException("KIND must be " + Arrays.stream(values()).map(ClientKind::label)
                .collect(Collectors.joining(", ")).replaceAll(", (\\w+)$", " or $1") + ", not '" + text + "'");
    }
}
