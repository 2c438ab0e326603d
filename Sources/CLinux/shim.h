#ifndef NOTIFIER_CLINUX_SHIM_H
#define NOTIFIER_CLINUX_SHIM_H
// Linux's event descriptors, which Swift's Glibc module does not bring: a timer on the boot-time
// clock keeps counting through suspend, one on the wall clock is told when the clock is set, and
// inotify tells when another process changed a file. With these a waiting program sleeps in one
// system call until something is due or changed.
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <time.h>

// And a thread's stack: the pages below where an idle thread waits, handed back to the system.
// A thread keeps every stack page its deepest call ever touched (a TLS handshake, a decode) as
// anonymous memory for the life of the process; glibc does the same for the stacks it caches.
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// glibc's, declared under _GNU_SOURCE, which the Glibc module is not built with.
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attributes);

// The lowest address of the calling thread's stack; 0 if it cannot be told. Once a thread: for
// the main thread glibc reads /proc/self/maps to answer.
static inline uintptr_t clinux_stack_low(void) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    void *low = NULL;
    size_t size = 0;
    int failed = pthread_attr_getstack(&attributes, &low, &size);
    pthread_attr_destroy(&attributes);
    return failed ? 0 : (uintptr_t)low;
}

// Hands back the calling thread's stack pages from `low` (clinux_stack_low) to a page below the
// caller's frame: nothing there is live, and a page touched again is a new zero page. The page
// left below the frame is for this call's own frames.
static inline void clinux_release_stack_below_frame(uintptr_t low) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (low + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)__builtin_frame_address(0) & ~(page - 1)) - page;
    if (low != 0 && end > start) madvise((void *)start, end - start, MADV_DONTNEED);
}
#endif
