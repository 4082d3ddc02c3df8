package io.tactus.server.os;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Finds where the cgroup v1 {@code cpu} controller is mounted, from {@code /proc/self/mountinfo} or,
 * failing that, {@code /proc/mounts}. Only a mount of the hierarchy's root counts: the kernel checks RT
 * budgets against the real root group, and a bind-mounted subtree would hide it. cgroup v2 has no RT
 * group files, so it is never an answer.
 */
final class CpuCgroupMount {

    private CpuCgroupMount() {
    }

    /**
     * From {@code /proc/self/mountinfo} lines: {@code id parent major:minor root mountpoint opts ... - fstype source
     * superopts}.
     */
    static Optional<Path> fromMountinfo(List<String> lines) {
        for (String line : lines) {
            String[] fields = line.trim().split(" ");
            int dash = Arrays.asList(fields).indexOf("-");
            if (dash < 5 || dash + 3 >= fields.length) {
                continue;
            }
            if (fields[dash + 1].equals("cgroup") && hasCpu(fields[dash + 3]) && fields[3].equals("/")) {
                return Optional.of(Path.of(unescape(fields[4])));
            }
        }
        return Optional.empty();
    }

    /** From {@code /proc/mounts} lines: {@code source mountpoint fstype options dump pass}. */
    static Optional<Path> fromMounts(List<String> lines) {
        for (String line : lines) {
            String[] fields = line.trim().split(" ");
            if (fields.length >= 4 && fields[2].equals("cgroup") && hasCpu(fields[3])) {
                return Optional.of(Path.of(unescape(fields[1])));
            }
        }
        return Optional.empty();
    }

    /** The controller list is in the options; {@code cpuacct} and {@code cpuset} are other controllers. */
    private static boolean hasCpu(String options) {
        return Arrays.asList(options.split(",")).contains("cpu");
    }

    /** The kernel writes space, tab, newline and backslash in paths as three-digit octal escapes. */
    static String unescape(String field) {
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
