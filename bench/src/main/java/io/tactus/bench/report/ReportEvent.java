package io.tactus.bench.report;

/**
 * Something that happened during a run and deserves a mark on the report's graph, such as a watchdog
 * eviction. Kept to a time and a short text so that any part of the run can produce one without
 * depending on the report; the report draws it as a labelled vertical line and lists it in the JSON.
 *
 * @param timeSeconds seconds since the start of measurement
 * @param label       a short text, e.g. "evicted jack_test3_7"
 */
public record ReportEvent(double timeSeconds, String label) {
}
