package io.tactus.api;

/** Told, on a normal thread, the server's sample rate: once when set, as JACK does ({@code jack_set_sample_rate_callback}). */
@FunctionalInterface
public interface SampleRateCallback {

    void sampleRate(int framesPerSecond);
}
