/* Tactus libjack: the platform pieces JACK's public headers rely on (Linux, GCC or Clang). */
#ifndef TACTUS_JACK_SYSTEMDEPS_H
#define TACTUS_JACK_SYSTEMDEPS_H
#include <stdint.h>
#include <stddef.h>
#include <pthread.h>
#if defined(__arm__) || defined(__aarch64__) || defined(__riscv)
#define POST_PACKED_STRUCTURE
#else
/* x86: JACK packs jack_position_t; the layout below must match the programs built against JACK. */
#define POST_PACKED_STRUCTURE __attribute__((__packed__))
#endif
#define PRE_PACKED_STRUCTURE
typedef pthread_t jack_native_thread_t;
#endif
