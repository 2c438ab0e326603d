#ifndef NOTIFIER_CSPAWN_SHIM_H
#define NOTIFIER_CSPAWN_SHIM_H
// Starting a program with every signal at its default and none blocked. glibc's posix_spawn
// cannot: it leaves its own two internal signals (32 and 33) ignored in the child, and an
// ignored signal stays ignored across exec; its sigaction refuses to touch them. So the child
// here is forked and resets all 64 with the raw system call before it execs.
// Include only from one Swift file (ChildSpawn.swift).
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// glibc's, declared only under _GNU_SOURCE, which this module must not define (see CJQ's shim).
extern int pipe2(int pipefd[2], int flags);

/// What becomes one of the child's descriptors 0–2: `descriptor` when >= 0, else `path`
/// opened with `flags` (mode 0600 when created).
typedef struct {
    int descriptor;
    const char *path;
    int flags;
} cspawn_stream;

// The kernel's struct sigaction, as rt_sigaction takes it on Linux.
struct cspawn_kernel_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    uint64_t mask;
};

static inline void cspawn_fail(int report, int code) {
    while (write(report, &code, sizeof code) < 0 && errno == EINTR) {}
    _exit(127);
}

/// In the child: only async-signal-safe calls, then exec.
static inline void cspawn_child(const char *path, char *const argv[], char *const envp[], const cspawn_stream streams[3],
                                int own_group, int report) {
    // Every handler back to its default while all signals are still blocked (the parent
    // blocked them around the fork), so none of the parent's handlers ever runs here.
    struct cspawn_kernel_sigaction fallback = {SIG_DFL, 0, 0, 0};
    for (int signal = 1; signal <= 64; signal++) syscall(SYS_rt_sigaction, signal, &fallback, NULL, 8);
    if (own_group && setpgid(0, 0) != 0) cspawn_fail(report, errno);
    for (int target = 0; target < 3; target++) {
        int source = streams[target].descriptor;
        if (source < 0) {
            source = open(streams[target].path, streams[target].flags, 0600);
            if (source < 0) cspawn_fail(report, errno);
        }
        if (source == target) {
            fcntl(target, F_SETFD, 0);
        } else if (dup2(source, target) < 0) {
            cspawn_fail(report, errno);
        }
        if (streams[target].descriptor < 0 && source != target) close(source);
    }
    // Nothing but 0–2 passes on (the report's end closes itself at exec).
#ifdef SYS_close_range
    int ranged = (report <= 3 || syscall(SYS_close_range, 3U, (unsigned)report - 1, 0) == 0) &&
                 syscall(SYS_close_range, (unsigned)report + 1, ~0U, 0) == 0;
#else
    int ranged = 0;
#endif
    for (int other = 3; !ranged && other < 65536; other++) {
        if (other != report) close(other);
    }
    uint64_t none = 0;
    syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, NULL, 8);
    execve(path, argv, envp);
    cspawn_fail(report, errno);
}

/// The child's pid, or -1 with the reason in `*error` (the exec's own errno when it failed).
static inline pid_t cspawn_start(const char *path, char *const argv[], char *const envp[], const cspawn_stream streams[3],
                                 int own_group, int *error) {
    *error = 0;
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return -1;
    }
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) cspawn_child(path, argv, envp, streams, own_group, report[1]);
    int forked = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        *error = forked;
        return -1;
    }
    int code = 0;
    ssize_t got;
    while ((got = read(report[0], &code, sizeof code)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (got == (ssize_t)sizeof code) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        *error = code;
        return -1;
    }
    return pid;
}

#endif
