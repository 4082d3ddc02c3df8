/*
 * An LD_PRELOAD shim for tests: counts malloc, calloc, realloc and the aligned allocations per thread and
 * hands them to glibc. A test client reads its process thread's count (tactus_malloc_count, found with
 * dlsym) after warm-up and again later: the difference must be 0.
 */
#include <stddef.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *ptr);

static __thread long allocations __attribute__((tls_model("initial-exec")));

long tactus_malloc_count(void) {
    return allocations;
}

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *ptr, size_t size) {
    allocations++;
    return __libc_realloc(ptr, size);
}

void free(void *ptr) {
    __libc_free(ptr);
}

void *memalign(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    allocations++;
    void *p = __libc_memalign(alignment, size);
    if (!p) {
        return 12; /* ENOMEM */
    }
    *out = p;
    return 0;
}
