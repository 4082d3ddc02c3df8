package io.tactus.clients.midi;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.Transport;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;

/**
 * Plays a {@link MidiFileSchedule} into its MIDI output {@code midi_out}, following the transport: while it rolls,
 * each cycle writes the events whose frame (from the file's start) falls in the transport's frames of that cycle,
 * at their offset in it; stopped, it writes nothing. The file's frame 0 is transport frame 0, so a locate moves
 * in the file as well; after a stop or a jump it sends "all notes off" on every channel the file uses, so no note
 * is left hanging. Realtime, allocation-free: the schedule is worked out before the client activates.
 */
public final class MidiFileClient implements ProcessCallback {

    /** Control change 123, "all notes off". */
    private static final int ALL_NOTES_OFF = 123;
    private static final int CONTROL_CHANGE = 0xB0;

    private final MidiFileSchedule schedule;
    private final Port output;
    private final Transport transport;
    private final TransportPosition position = new TransportPosition();
    /** The channels the file's channel messages use, as bits. */
    private final int channels;
    private int next;
    /** The transport frame the next rolling cycle starts at when nothing moved it; -1 after a stop. */
    private long expected = -1;
    private boolean sounding;
    private volatile long played;
    private volatile long lost;
    /** Whether the last cycle left no event of the file to play; read by other threads. */
    private volatile boolean finished;

    public MidiFileClient(TactusClient client, MidiFileSchedule schedule) {
        this.schedule = schedule;
        this.transport = client.transport();
        this.output = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        int used = 0;
        for (int e = 0; e < schedule.size(); e++) {
            int status = schedule.get(e, 0);
            if (status >= 0x80 && status < 0xF0) {
                used |= 1 << (status & 0x0F);
            }
        }
        this.channels = used;
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        MidiBuffer out = output.getMidiBuffer(); // empty: the server clears MIDI outputs before each callback
        long start = transport.query(position) == TransportState.ROLLING ? position.frame() : -1;
        if (start != expected && sounding) { // stopped, or moved: whatever sounds would hang
            silence(out);
        }
        if (start < 0) {
            expected = -1;
            return;
        }
        if (start != expected) {
            next = schedule.firstAtOrAfter(start);
        }
        long end = start + nframes;
        long wrote = 0;
        long refused = 0;
        byte[] data = schedule.data();
        while (next < schedule.size() && schedule.frame(next) < end) {
            if (out.write((int) (schedule.frame(next) - start), data, schedule.offset(next), schedule.eventSize(next))) {
                wrote++;
            } else {
                refused++;
            }
            next++;
        }
        if (wrote != 0) {
            played += wrote;
            sounding = true;
        }
        if (refused != 0) {
            lost += refused;
        }
        expected = end;
        finished = next >= schedule.size();
    }

    private void silence(MidiBuffer out) {
        for (int channel = 0; channel < 16; channel++) {
            if ((channels & 1 << channel) != 0 && !out.write(0, CONTROL_CHANGE | channel, ALL_NOTES_OFF, 0)) {
                lost++;
            }
        }
        sounding = false;
    }

    /** Events written so far. */
    public long played() {
        return played;
    }

    /** Events the output had no room for. */
    public long lost() {
        return lost;
    }

    /** True once a rolling cycle has played the file's last event (until a locate moves back). */
    public boolean finished() {
        return finished;
    }
}
