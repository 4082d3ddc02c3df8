package io.tactus.javasound;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which of the server's ports a new line connects to: those named {@code <prefix>N}, in the order of N. Channel
 * k goes to the k-th such port, wrapping round when the server has fewer (stereo on a mono card sums both
 * channels into it). A mono playback line feeds the first two, so it sounds from both speakers; a mono capture
 * line takes only the first, since a sum of two microphones is rarely what a program recording mono wants.
 */
final class AutoConnect {

    private AutoConnect() {
    }

    /** The ports named {@code prefix} followed by a number, ordered by that number. */
    static List<String> peers(List<String> ports, String prefix) {
        List<String> found = new ArrayList<>();
        for (String port : ports) {
            if (port.startsWith(prefix) && port.length() > prefix.length()
                    && port.substring(prefix.length()).chars().allMatch(Character::isDigit)) {
                found.add(port);
            }
        }
        found.sort(Comparator.comparingLong(p -> Long.parseLong(p.substring(prefix.length()))));
        return found;
    }

    /** {channel, peer index} pairs for {@code channels} line channels and {@code peers} peers. */
    static List<int[]> pairs(int channels, int peers, boolean playback) {
        List<int[]> pairs = new ArrayList<>();
        if (peers == 0) {
            return pairs;
        }
        if (channels == 1 && playback) {
            for (int p = 0; p < Math.min(2, peers); p++) {
                pairs.add(new int[] {0, p});
            }
            return pairs;
        }
        for (int c = 0; c < channels; c++) {
            pairs.add(new int[] {c, c % peers});
        }
        return pairs;
    }
}
