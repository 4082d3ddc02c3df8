package io.tactus.clients.javasound.programs;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.SourceDataLine;

/**
 * A program written against {@code javax.sound.sampled} alone, as any Java Sound tutorial would write it: CD
 * format, a 440 Hz tone of {@code args[0]} seconds (default 2.5) at 0.4 of full scale, written in 4 KiB chunks,
 * then drain and close. Nothing in it knows of Tactus.
 */
public final class ToneProgram {

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.5;
        AudioFormat format = new AudioFormat(44_100, 16, 2, true, false);
        SourceDataLine line = AudioSystem.getSourceDataLine(format);
        line.open(format);
        line.start();
        int frames = (int) Math.round(seconds * 44_100);
        byte[] chunk = new byte[4_096];
        int used = 0;
        for (int frame = 0; frame < frames; frame++) {
            short sample = (short) Math.round(0.4 * 32_767 * Math.sin(2 * Math.PI * 440 * frame / 44_100.0));
            for (int channel = 0; channel < 2; channel++) {
                chunk[used++] = (byte) sample;
                chunk[used++] = (byte) (sample >> 8);
            }
            if (used == chunk.length || frame == frames - 1) {
                line.write(chunk, 0, used);
                used = 0;
            }
        }
        line.drain();
        System.out.println("played " + frames + " frames, position " + line.getLongFramePosition());
        line.close();
    }
}
