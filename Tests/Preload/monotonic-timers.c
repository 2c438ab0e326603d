/*
 * Preloaded before libfaketime in the tests that fake the wall clock. libfaketime (0.9.10 and
 * its master) shifts every absolute timerfd deadline by the faked offset, though its comment
 * says "only CLOCK_REALTIME is handled": a monotonic deadline armed by libdispatch (every Swift
 * Task.sleep) then lies days ahead when the faked time is in the past, and the sleep never ends.
 * Here a timerfd on a monotonic clock is armed as asked; a CLOCK_REALTIME one is still
 * libfaketime's to translate.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

enum { tracked = 4096 };
static unsigned char realtime_fd[tracked];

int timerfd_create(int clockid, int flags) {
    int fd = (int)syscall(SYS_timerfd_create, clockid, flags);
    if (fd >= 0 && fd < tracked) realtime_fd[fd] = (clockid == CLOCK_REALTIME || clockid == CLOCK_REALTIME_ALARM);
    return fd;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value) {
    if (fd >= 0 && fd < tracked && realtime_fd[fd]) {
        int (*next)(int, int, const struct itimerspec *, struct itimerspec *) = dlsym(RTLD_NEXT, "timerfd_settime");
        if (next) return next(fd, flags, new_value, old_value);
    }
    return (int)syscall(SYS_timerfd_settime, fd, flags, new_value, old_value);
}
