/* Tactus libjack: JACK's thread calls (thread.h), declared from JACK's documented ABI. */
#ifndef TACTUS_JACK_THREAD_H
#define TACTUS_JACK_THREAD_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/systemdeps.h>
#include <jack/types.h>

#define THREAD_STACK 524288

typedef int (*jack_thread_creator_t)(jack_native_thread_t *, const pthread_attr_t *, void *(*function)(void *),
                                     void *arg);

int jack_client_real_time_priority(jack_client_t *client);
int jack_client_max_real_time_priority(jack_client_t *client);
int jack_acquire_real_time_scheduling(jack_native_thread_t thread, int priority);
int jack_client_create_thread(jack_client_t *client, jack_native_thread_t *thread, int priority, int realtime,
                              void *(*start_routine)(void *), void *arg);
int jack_drop_real_time_scheduling(jack_native_thread_t thread);
int jack_client_stop_thread(jack_client_t *client, jack_native_thread_t thread);
int jack_client_kill_thread(jack_client_t *client, jack_native_thread_t thread);
void jack_set_thread_creator(jack_thread_creator_t creator);

#ifdef __cplusplus
}
#endif
#endif
