#ifndef NOTIFIER_CJQ_SHIM_H
#define NOTIFIER_CJQ_SHIM_H
// libjq (Debian's libjq-dev, which ships no pkg-config file) for the watches' selectors.
//
// libjq has no way to interrupt a program: `repeat(.)` or `[range(1e12)]` runs until the
// process dies. So a selector never runs in our process. cjq_evaluate forks; the child (one
// thread, C only, no Swift runtime, glibc's malloc made fork-safe by fork itself) sets an
// address-space and CPU limit, runs jq and writes each output as a line of JSON to a pipe;
// the parent reads with a deadline and kills the child with SIGKILL when it runs over. That
// truly stops any program, frees all its memory at once, and costs one fork (no exec) per
// evaluation. Only compiling, which always ends, happens in-process (cjq_compile).
// A plain path over a small input runs in-process instead (cjq_evaluate_inline).
// libjq (and its libonig) is loaded on first use with dlopen rather than linked, as libcurl is:
// a daemon whose config has no watch never maps them. cjq_compile loads it; every other entry
// point takes a state cjq_compile made.
// Include only from one Swift file (Selector.swift): each object file gets its own table.
#include <jq.h>
#include <jv.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// glibc's, declared only under _GNU_SOURCE, which this module must not define: its headers
// would then differ from the Glibc module's (fd_set) that the same Swift files import.
extern int pipe2(int pipefd[2], int flags);

typedef struct {
    char *text;
    size_t length;
} cjq_text;

// The functions of libjq.so.1 this shim calls, each typed from jq's own declaration.
#define CJQ_FUNCTIONS(X) \
    X(jq_init) X(jq_set_error_cb) X(jq_compile) X(jq_teardown) X(jq_start) X(jq_next) \
    X(jv_get_kind) X(jv_invalid_has_msg) X(jv_copy) X(jv_invalid_get_msg) X(jv_dump_string) \
    X(jv_string_value) X(jv_free) X(jv_string_sized) X(jv_parse_sized) X(jv_string)

typedef struct {
    const char *failure;
#define CJQ_FIELD(name) __typeof__(&name) name;
    CJQ_FUNCTIONS(CJQ_FIELD)
#undef CJQ_FIELD
} cjq_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline cjq_api_t *cjq_api(void) {
    static cjq_api_t api;
    return &api;
}

static void cjq_load(void) {
    void *handle = dlopen("libjq.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { cjq_api()->failure = dlerror(); return; }
#define CJQ_SYMBOL(name) \
    if (!(*(void **)(&cjq_api()->name) = dlsym(handle, #name))) { cjq_api()->failure = "libjq.so.1 lacks " #name; return; }
    CJQ_FUNCTIONS(CJQ_SYMBOL)
#undef CJQ_SYMBOL
}

/// Loads libjq once; NULL on success, else why it failed.
static inline const char *cjq_load_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cjq_load);
    return cjq_api()->failure;
}

// From here on every call of a libjq function goes through the table.
#define jq_init (cjq_api()->jq_init)
#define jq_set_error_cb (cjq_api()->jq_set_error_cb)
#define jq_compile (cjq_api()->jq_compile)
#define jq_teardown (cjq_api()->jq_teardown)
#define jq_start (cjq_api()->jq_start)
#define jq_next (cjq_api()->jq_next)
#define jv_get_kind (cjq_api()->jv_get_kind)
#define jv_invalid_has_msg (cjq_api()->jv_invalid_has_msg)
#define jv_copy (cjq_api()->jv_copy)
#define jv_invalid_get_msg (cjq_api()->jv_invalid_get_msg)
#define jv_dump_string (cjq_api()->jv_dump_string)
#define jv_string_value (cjq_api()->jv_string_value)
#define jv_free (cjq_api()->jv_free)
#define jv_string_sized (cjq_api()->jv_string_sized)
#define jv_parse_sized (cjq_api()->jv_parse_sized)
#define jv_string (cjq_api()->jv_string)

static inline void cjq_text_append(cjq_text *text, const char *bytes, size_t length, size_t limit) {
    if (text->length >= limit) return;
    if (text->length + length > limit) length = limit - text->length;
    char *grown = (char *)realloc(text->text, text->length + length + 1);
    if (!grown) return;
    memcpy(grown + text->length, bytes, length);
    text->length += length;
    grown[text->length] = 0;
    text->text = grown;
}

/// jq's messages, collected instead of printed on stderr.
static inline void cjq_collect_message(void *data, jv message) {
    cjq_text *text = (cjq_text *)data;
    if (jv_get_kind(message) == JV_KIND_INVALID && jv_invalid_has_msg(jv_copy(message))) {
        message = jv_invalid_get_msg(message);
    }
    if (jv_get_kind(message) != JV_KIND_STRING) message = jv_dump_string(message, 0);
    if (text && jv_get_kind(message) == JV_KIND_STRING) {
        if (text->length > 0) cjq_text_append(text, "\n", 1, 4096);
        const char *value = jv_string_value(message);
        cjq_text_append(text, value, strlen(value), 4096);
    }
    jv_free(message);
}

/// The compiled program, or NULL with jq's own message in `*error` (malloc'd, the caller frees
/// it). The state is only ever run in a forked child (cjq_evaluate), each child on its own
/// copy, so one compiled state serves every evaluation and jq's builtins are compiled once.
static inline jq_state *cjq_compile(const char *program, char **error) {
    *error = NULL;
    const char *unloaded = cjq_load_library();
    if (unloaded) {
        *error = strdup(unloaded);
        return NULL;
    }
    jq_state *jq = jq_init();
    if (!jq) {
        *error = strdup("jq could not start");
        return NULL;
    }
    cjq_text text = {0, 0};
    jq_set_error_cb(jq, cjq_collect_message, &text);
    int compiled = jq_compile(jq, program);
    jq_set_error_cb(jq, cjq_collect_message, NULL);
    if (compiled) {
        free(text.text);
        return jq;
    }
    jq_teardown(&jq);
    *error = text.text ? text.text : strdup("does not compile");
    return NULL;
}

static inline void cjq_free(jq_state *jq) {
    if (jq) jq_teardown(&jq);
}

enum {
    CJQ_DONE = 0,
    CJQ_TIMED_OUT = 1,
    CJQ_OUT_OF_MEMORY = 2,
    CJQ_TOO_MUCH_OUTPUT = 3,
    CJQ_FAILED = 4,
};

static inline void cjq_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) _exit(0);
        bytes += written;
        length -= (size_t)written;
    }
}

/// One output line: a tag ('v' a value as JSON, 'e' an error message), the text, a newline.
static inline void cjq_write_line(int fd, char tag, const char *text) {
    char head[2] = {tag, ' '};
    cjq_write_all(fd, head, 2);
    // An error message may hold newlines; a value never does (compact JSON escapes them). Each
    // run between them is written whole (a byte a write cost a million calls a megabyte), a
    // newline as a space.
    const char *at = text;
    size_t left = strlen(text);
    while (left > 0) {
        const char *newline = memchr(at, '\n', left);
        size_t run = newline ? (size_t)(newline - at) : left;
        cjq_write_all(fd, at, run);
        if (newline == NULL) break;
        cjq_write_all(fd, " ", 1);
        at = newline + 1;
        left -= run + 1;
    }
    cjq_write_all(fd, "\n", 1);
}

/// Where jq's outputs go: a pipe (the child) or a bounded buffer (an inline run).
typedef struct {
    int fd;
    cjq_text *text;
    size_t limit;
    int overflowed;
} cjq_sink;

static inline void cjq_emit(cjq_sink *sink, char tag, const char *text) {
    if (sink->text == NULL) {
        cjq_write_line(sink->fd, tag, text);
        return;
    }
    size_t length = strlen(text);
    if (sink->text->length + length + 3 > sink->limit) {
        sink->overflowed = 1;
        return;
    }
    char head[2] = {tag, ' '};
    cjq_text_append(sink->text, head, 2, sink->limit);
    size_t start = sink->text->length;
    cjq_text_append(sink->text, text, length, sink->limit);
    for (size_t at = start; at < sink->text->length; at++) {
        if (sink->text->text[at] == '\n') sink->text->text[at] = ' ';
    }
    cjq_text_append(sink->text, "\n", 1, sink->limit);
}

/// jq over the input, each output a line on the sink ('p' when the input is not JSON).
static inline void cjq_run(cjq_sink *sink, jq_state *jq, const char *input, int input_length, int input_is_text) {
    jv value = input_is_text ? jv_string_sized(input, input_length) : jv_parse_sized(input, input_length);
    if (jv_get_kind(value) == JV_KIND_INVALID) {
        jv message = jv_invalid_has_msg(jv_copy(value)) ? jv_invalid_get_msg(value) : (jv_free(value), jv_string("not JSON"));
        // jq appends the whole input to its parse error ("… (while parsing '<input>')"): a
        // million brackets would be the message. The cause alone, as jq's own command says it.
        char cause[256] = "not JSON";
        if (jv_get_kind(message) == JV_KIND_STRING) {
            const char *text = jv_string_value(message);
            const char *tail = strstr(text, " (while parsing");
            size_t length = tail ? (size_t)(tail - text) : strlen(text);
            if (length >= sizeof cause) length = sizeof cause - 1;
            memcpy(cause, text, length);
            cause[length] = 0;
        }
        cjq_emit(sink, 'p', cause);
        jv_free(message);
        return;
    }
    jq_start(jq, value, 0);
    jv result;
    while (jv_get_kind(result = jq_next(jq)) != JV_KIND_INVALID) {
        jv dumped = jv_dump_string(result, 0);
        cjq_emit(sink, 'v', jv_string_value(dumped));
        jv_free(dumped);
        if (sink->overflowed) return;
    }
    if (jv_invalid_has_msg(jv_copy(result))) {
        jv message = jv_invalid_get_msg(result);
        if (jv_get_kind(message) != JV_KIND_STRING) message = jv_dump_string(message, 0);
        cjq_emit(sink, 'e', jv_string_value(message));
        jv_free(message);
    } else {
        jv_free(result);
    }
}

/// In the child, right after the fork: descriptor 3 is `fd`, and no other of the parent's stays
/// open past 2. A forked child keeps every descriptor the parent had, and a selector may run a
/// second: a copy of a file another thread has open for writing would keep that program from
/// starting (ETXTBSY) all the while, and a copy of the store or of a lock would outlive its owner.
static inline int cjq_keep_only(int fd) {
    if (fd != 3 && dup2(fd, 3) < 0) _exit(1);
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 4U, ~0U, 0) == 0) return 3;
#endif
    for (int other = 4; other < 65536; other++) close(other);
    return 3;
}

/// The child: bounded, then jq over the input, each output a line on `fd`.
static inline void cjq_child(int fd, jq_state *jq, const char *input, int input_length, int input_is_text,
                             long memory_bytes, int cpu_seconds) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGXCPU, SIG_DFL);
    int null_fd = open("/dev/null", O_WRONLY);
    if (null_fd >= 0 && null_fd != 2) {
        dup2(null_fd, 2);  // jq's "cannot allocate memory" goes nowhere
        close(null_fd);
    }
    // The address space is the parent's, copied: the bound is on top of what is there now.
    long pages = 0;
    int statm = open("/proc/self/statm", O_RDONLY);
    if (statm >= 0) {
        char buffer[64] = {0};
        if (read(statm, buffer, sizeof buffer - 1) > 0) pages = strtol(buffer, NULL, 10);
        close(statm);
    }
    rlim_t address_space = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (rlim_t)memory_bytes;
    struct rlimit memory = {address_space, address_space};
    setrlimit(RLIMIT_AS, &memory);
    // CPU time, not wall time: on a loaded machine a selector waiting for a core is not running.
    struct rlimit cpu = {(rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    cjq_sink sink = {fd, NULL, 0, 0};
    cjq_run(&sink, jq, input, input_length, input_is_text);
    _exit(0);
}

/// In this process, for a program the caller has shown to be a plain path (no loops, no
/// recursion, no function calls) over a small input: its time and memory are then linear in the
/// input, far inside the child's bounds, and the fork is the most of a poll's cost. The caller
/// holds the state's lock: jq_start and jq_next change the state.
static inline int cjq_evaluate_inline(jq_state *jq, const char *input, int input_length, int input_is_text,
                                      size_t max_output, char **output, size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    cjq_text text = {0, 0};
    cjq_sink sink = {-1, &text, max_output, 0};
    cjq_run(&sink, jq, input, input_length, input_is_text);
    if (sink.overflowed) {
        free(text.text);
        return CJQ_TOO_MUCH_OUTPUT;
    }
    *output = text.text;
    *output_length = text.length;
    return CJQ_DONE;
}

static inline long cjq_elapsed_ms(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/// Runs the compiled `jq` over `input` (JSON, or when `input_is_text` a string) in a child
/// process bounded by `cpu_seconds` of CPU time (killed by the kernel past it), `memory_bytes`
/// of new address space and `max_output` bytes of output; `timeout_ms` of wall time is the
/// backstop for a child that waits rather than runs. Blocks up to `timeout_ms`. On CJQ_DONE,
/// `*output` (malloc'd, the caller frees it) holds the lines the child wrote.
/// `guard` (may be NULL) is held across the fork: an inline run of the same state on another
/// thread must not be caught half-way in the child's copy.
static inline int cjq_evaluate(jq_state *jq, pthread_mutex_t *guard, const char *input, int input_length, int input_is_text,
                               int cpu_seconds, int timeout_ms, long memory_bytes, size_t max_output,
                               char **output, size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return CJQ_FAILED;
    if (guard) pthread_mutex_lock(guard);
    pid_t pid = fork();
    if (pid != 0 && guard) pthread_mutex_unlock(guard);
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return CJQ_FAILED;
    }
    if (pid == 0) {
        cjq_child(cjq_keep_only(fds[1]), jq, input, input_length, input_is_text, memory_bytes, cpu_seconds);
        _exit(0);
    }
    close(fds[1]);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    cjq_text text = {0, 0};
    int outcome = CJQ_DONE;
    char chunk[16384];
    for (;;) {
        long left = timeout_ms - cjq_elapsed_ms(&start);
        if (left <= 0) { outcome = CJQ_TIMED_OUT; break; }
        struct pollfd ready = {fds[0], POLLIN, 0};
        int polled = poll(&ready, 1, (int)left);
        if (polled < 0 && errno == EINTR) continue;
        if (polled < 0) { outcome = CJQ_FAILED; break; }
        if (polled == 0) { outcome = CJQ_TIMED_OUT; break; }
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got < 0) { outcome = CJQ_FAILED; break; }
        if (got == 0) break;
        if (text.length + (size_t)got > max_output) { outcome = CJQ_TOO_MUCH_OUTPUT; break; }
        cjq_text_append(&text, chunk, (size_t)got, max_output);
    }
    close(fds[0]);
    if (outcome != CJQ_DONE) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (outcome == CJQ_DONE && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)) outcome = CJQ_TIMED_OUT;
        else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGABRT || WTERMSIG(status) == SIGSEGV)) outcome = CJQ_OUT_OF_MEMORY;
        else outcome = CJQ_FAILED;
    }
    if (outcome != CJQ_DONE) {
        free(text.text);
        return outcome;
    }
    *output = text.text;
    *output_length = text.length;
    return CJQ_DONE;
}

#endif
