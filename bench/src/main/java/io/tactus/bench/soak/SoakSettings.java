package io.tactus.bench.soak;

import io.tactus.rt.SchedulingSettings;

/**
 * What a soak runs: a server of {@code clients} jack_test3 process clients, the last {@code churnClients} of them
 * leaving and rejoining every {@code churnSeconds}, and {@code changesPerMinute} graph changes (a connection made
 * or undone) among the others, for {@code minutes}; with {@code floor}, a bare realtime thread at the engine's
 * scheduling beside the server, from the first memory reading to the end. The defaults are those of issue 17's
 * long run.
 */
public record SoakSettings(String serverName, double minutes, int clients, int churnClients, int churnSeconds,
                           int changesPerMinute, int ports, SchedulingSettings scheduling, boolean floor) {

    public static final String DEFAULT_NAME = "tactus-soak";
    public static final int DEFAULT_MINUTES = 30;
    public static final int DEFAULT_CLIENTS = 20;
    public static final int DEFAULT_CHURN_CLIENTS = 5;
    public static final int DEFAULT_CHURN_SECONDS = 10;
    public static final int DEFAULT_CHANGES_PER_MINUTE = 1000;
    public static final int DEFAULT_PORTS = 4;
    public static final int DEFAULT_PRIORITY = 70;
    public static final int RATE = 48_000;
    public static final int FRAMES = 64;
    /** Memory is compared between this minute and the end, or between the first fifth and the end of shorter runs. */
    public static final int MEMORY_MINUTE = 5;
    /** Runs shorter than this compare from the first fifth: minute 5 would leave too little after it. */
    public static final int MEMORY_MINUTE_FROM = 10;

    public static SoakSettings defaults() {
        return new SoakSettings(DEFAULT_NAME, DEFAULT_MINUTES, DEFAULT_CLIENTS, DEFAULT_CHURN_CLIENTS,
                DEFAULT_CHURN_SECONDS, DEFAULT_CHANGES_PER_MINUTE, DEFAULT_PORTS, SchedulingSettings.fifo(DEFAULT_PRIORITY),
                true);
    }

    public SoakSettings withMinutes(double m) {
        return new SoakSettings(serverName, m, clients, churnClients, churnSeconds, changesPerMinute, ports, scheduling,
                floor);
    }

    public SoakSettings withClients(int n, int churning) {
        return new SoakSettings(serverName, minutes, n, churning, churnSeconds, changesPerMinute, ports, scheduling,
                floor);
    }

    public SoakSettings withServerName(String name) {
        return new SoakSettings(name, minutes, clients, churnClients, churnSeconds, changesPerMinute, ports, scheduling,
                floor);
    }

    public SoakSettings withScheduling(SchedulingSettings s) {
        return new SoakSettings(serverName, minutes, clients, churnClients, churnSeconds, changesPerMinute, ports, s,
                floor);
    }

    /** The measured seconds, whole churn intervals. */
    public int seconds() {
        return Math.max(churnSeconds, (int) Math.round(minutes * 60 / churnSeconds) * churnSeconds);
    }

    /** When memory is first read: minute 5, or the first fifth of a run shorter than {@link #MEMORY_MINUTE_FROM}. */
    public int memorySecond() {
        return minutes >= MEMORY_MINUTE_FROM ? MEMORY_MINUTE * 60 : Math.max(churnSeconds, seconds() / 5);
    }

    public long periodNanos() {
        return 1_000_000_000L * FRAMES / RATE;
    }

    /** One sentence for the first setting that cannot run. */
    public void validate() {
        if (!(minutes > 0)) {
            throw new IllegalArgumentException("--minutes must be more than 0, not " + minutes);
        }
        if (clients < 2) {
            throw new IllegalArgumentException("--clients must be at least 2 (some churn, some stay), not " + clients);
        }
        if (churnClients < 0 || churnClients >= clients) {
            throw new IllegalArgumentException("--churn must be from 0 to one less than --clients (" + (clients - 1)
                    + "), not " + churnClients);
        }
        if (churnSeconds < 1) {
            throw new IllegalArgumentException("--churn-seconds must be 1 or more, not " + churnSeconds);
        }
        if (changesPerMinute < 0 || changesPerMinute > 60_000) {
            throw new IllegalArgumentException("--changes-per-minute must be from 0 to 60000, not " + changesPerMinute);
        }
        if (ports < 1) {
            throw new IllegalArgumentException("--ports must be 1 or more, not " + ports);
        }
    }
}
