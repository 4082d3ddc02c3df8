/* Tactus libjack: JACK's weak-linking macros, empty here (every symbol is always exported). */
#ifndef TACTUS_JACK_WEAKMACROS_H
#define TACTUS_JACK_WEAKMACROS_H
#define JACK_WEAK_EXPORT
#define JACK_OPTIONAL_WEAK_EXPORT
#define JACK_OPTIONAL_WEAK_DEPRECATED_EXPORT
#endif
