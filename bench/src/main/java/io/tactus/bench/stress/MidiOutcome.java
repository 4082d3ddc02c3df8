package io.tactus.bench.stress;

/**
 * What {@code stress --midi} carried in the measured window ({@link MidiTraffic}).
 *
 * @param sent       events the source wrote
 * @param carried    events the sink received in order, through every client
 * @param lost       events missing from the sink's sequence: a client given up on, an output with no room
 * @param outOfOrder events that arrived after a later one
 */
public record MidiOutcome(long sent, long carried, long lost, long outOfOrder) {
}
