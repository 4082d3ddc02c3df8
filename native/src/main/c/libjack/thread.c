/* JACK's thread calls: plain pthreads, SCHED_FIFO where asked and permitted. */
#include "internal.h"

#include <jack/thread.h>
#include <sched.h>
#include <signal.h>

int tj_thread_create(pthread_t *thread, void *(*start)(void *), void *arg) {
    sigset_t all;
    sigset_t previous;
    sigfillset(&all);
    /* Faults stay deliverable: blocking them would turn a crash into a kill without a core. */
    sigdelset(&all, SIGSEGV);
    sigdelset(&all, SIGBUS);
    sigdelset(&all, SIGFPE);
    sigdelset(&all, SIGILL);
    sigdelset(&all, SIGABRT);
    sigdelset(&all, SIGTRAP);
    pthread_sigmask(SIG_BLOCK, &all, &previous); /* a new thread inherits the creator's mask */
    int error = pthread_create(thread, NULL, start, arg);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return error;
}

int jack_acquire_real_time_scheduling(jack_native_thread_t thread, int priority) {
    struct sched_param param = { .sched_priority = priority < 1 ? 1 : priority > 99 ? 99 : priority };
    return pthread_setschedparam(thread, SCHED_FIFO, &param);
}

int jack_drop_real_time_scheduling(jack_native_thread_t thread) {
    struct sched_param param = { .sched_priority = 0 };
    return pthread_setschedparam(thread, SCHED_OTHER, &param);
}

/* A realtime thread at `priority` when asked and permitted; without the permission it still runs, normally. */
int jack_client_create_thread(jack_client_t *client, jack_native_thread_t *thread, int priority, int realtime,
                              void *(*start_routine)(void *), void *arg) {
    (void) client;
    if (!thread || !start_routine) {
        return -1;
    }
    int error = pthread_create(thread, NULL, start_routine, arg);
    if (error == 0 && realtime) {
        jack_acquire_real_time_scheduling(*thread, priority);
    }
    return error;
}

int jack_client_stop_thread(jack_client_t *client, jack_native_thread_t thread) {
    (void) client;
    return pthread_join(thread, NULL);
}

int jack_client_kill_thread(jack_client_t *client, jack_native_thread_t thread) {
    (void) client;
    pthread_cancel(thread);
    return pthread_join(thread, NULL);
}

void jack_set_thread_creator(jack_thread_creator_t creator) {
    (void) creator; /* the library creates its threads with pthread_create */
}
