/* JACK's error and info functions: messages go to stderr unless the program sets its own. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

static void default_error(const char *msg) {
    fprintf(stderr, "%s\n", msg);
}

static void default_info(const char *msg) {
    fprintf(stderr, "%s\n", msg);
}

void (*jack_error_callback)(const char *msg) = default_error;
void (*jack_info_callback)(const char *msg) = default_info;

void jack_set_error_function(void (*func)(const char *)) {
    jack_error_callback = func ? func : default_error;
}

void jack_set_info_function(void (*func)(const char *)) {
    jack_info_callback = func ? func : default_info;
}

static void tell(void (*callback)(const char *), const char *format, va_list args) {
    char message[1024];
    vsnprintf(message, sizeof message, format, args);
    callback(message);
}

void tj_error(const char *format, ...) {
    va_list args;
    va_start(args, format);
    tell(jack_error_callback, format, args);
    va_end(args);
}

void tj_info(const char *format, ...) {
    va_list args;
    va_start(args, format);
    tell(jack_info_callback, format, args);
    va_end(args);
}
