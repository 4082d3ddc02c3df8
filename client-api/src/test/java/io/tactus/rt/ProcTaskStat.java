package io.tactus.rt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's scheduling as the kernel publishes it in /proc, read without going through the
 * native layer under test, so the tests check it independently.
 */
record ProcTaskStat(int tid, int nice, int rtPriority, int policy) {

    /** The calling thread's kernel tid, from the /proc/thread-self link ("pid/task/tid"). */
    static int callingThreadTid() throws IOException {
        Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
        return Integer.parseInt(link.getFileName().toString());
    }

    static ProcTaskStat ofCallingThread() throws IOException {
        int tid = callingThreadTid();
        return parse(tid, Files.readString(Path.of("/proc/self/task/" + tid + "/stat")));
    }

    /** Fields count from 1; field 2 (comm) is in parentheses and may hold spaces, so count after the last ')'. */
    static ProcTaskStat parse(int tid, String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return new ProcTaskStat(tid, field(after, 19), field(after, 40), field(after, 41));
    }

    private static int field(String[] afterComm, int number) {
        return Integer.parseInt(afterComm[number - 3]);
    }

    static boolean rootOnLinux() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return "0".equals(line.split("\\s+")[2]); // real, effective, saved, fs: the effective one
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }
}
