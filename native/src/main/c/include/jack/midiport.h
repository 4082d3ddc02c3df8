/*
 * Tactus libjack: JACK's MIDI port calls (midiport.h), declared from JACK's documented ABI. The buffer is
 * Tactus's MidiBuffer block (io.tactus.api.MidiBuffer), so Java and C clients read each other's events.
 */
#ifndef TACTUS_JACK_MIDIPORT_H
#define TACTUS_JACK_MIDIPORT_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>
#include <stdlib.h>

typedef unsigned char jack_midi_data_t;

typedef struct _jack_midi_event {
    jack_nframes_t time;
    size_t size;
    jack_midi_data_t *buffer;
} jack_midi_event_t;

uint32_t jack_midi_get_event_count(void *port_buffer);
int jack_midi_event_get(jack_midi_event_t *event, void *port_buffer, uint32_t event_index);
void jack_midi_clear_buffer(void *port_buffer);
void jack_midi_reset_buffer(void *port_buffer);
size_t jack_midi_max_event_size(void *port_buffer);
jack_midi_data_t *jack_midi_event_reserve(void *port_buffer, jack_nframes_t time, size_t data_size);
int jack_midi_event_write(void *port_buffer, jack_nframes_t time, const jack_midi_data_t *data, size_t data_size);
uint32_t jack_midi_get_lost_event_count(void *port_buffer);

#ifdef __cplusplus
}
#endif
#endif
