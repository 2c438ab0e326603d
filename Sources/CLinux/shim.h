#ifndef NOTIFIER_CLINUX_SHIM_H
#define NOTIFIER_CLINUX_SHIM_H
// Linux's event descriptors, which Swift's Glibc module does not bring: a timer on the boot-time
// clock keeps counting through suspend, one on the wall clock is told when the clock is set, and
// inotify tells when another process changed a file. With these a waiting program sleeps in one
// system call until something is due or changed.
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <time.h>
#endif
