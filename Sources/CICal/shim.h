#ifndef NOTIFIER_CICAL_SHIM_H
#define NOTIFIER_CICAL_SHIM_H
// libical (Debian's libical-dev) for the calendars: parsing iCalendar text and expanding
// RRULEs (icalrecur_iterator). Values are read out into Swift right after parsing; nothing of
// libical's outlives a call. Include only from the files of Feeds/Reminders/Calendars.
//
// Loaded on first use with dlopen rather than linked, as libcurl is: libical brings the system
// ICU (libicuuc, libicui18n, some 30 MB mapped), which a daemon whose config has no calendar
// should not carry. Swift reaches each function through the cical_ wrapper of its name below;
// a direct call to libical would not link, which keeps it that way.
#include <libical/ical.h>
#include <dlfcn.h>
#include <pthread.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Every libical function notifier calls: (return type, name, typed parameters, arguments).
#define CICAL_FUNCTIONS(CICAL_VALUE, CICAL_VOID) \
    CICAL_VALUE(int, icalcomponent_count_errors, (icalcomponent *a0), (a0)) \
    CICAL_VOID(void, icalcomponent_free, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(const char *, icalcomponent_get_description, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(icalcomponent *, icalcomponent_get_first_component, (icalcomponent *a0, icalcomponent_kind a1), (a0, a1)) \
    CICAL_VALUE(icalproperty *, icalcomponent_get_first_property, (icalcomponent *a0, icalproperty_kind a1), (a0, a1)) \
    CICAL_VALUE(const char *, icalcomponent_get_location, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(icalcomponent *, icalcomponent_get_next_component, (icalcomponent *a0, icalcomponent_kind a1), (a0, a1)) \
    CICAL_VALUE(icalproperty *, icalcomponent_get_next_property, (icalcomponent *a0, icalproperty_kind a1), (a0, a1)) \
    CICAL_VALUE(enum icalproperty_status, icalcomponent_get_status, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(const char *, icalcomponent_get_summary, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(const char *, icalcomponent_get_uid, (icalcomponent *a0), (a0)) \
    CICAL_VALUE(icalcomponent_kind, icalcomponent_isa, (const icalcomponent *a0), (a0)) \
    CICAL_VALUE(int, icaldurationtype_as_int, (struct icaldurationtype a0), (a0)) \
    CICAL_VALUE(icalparameter_partstat, icalparameter_get_partstat, (const icalparameter *a0), (a0)) \
    CICAL_VALUE(icalparameter_related, icalparameter_get_related, (const icalparameter *a0), (a0)) \
    CICAL_VALUE(const char *, icalparameter_get_tzid, (const icalparameter *a0), (a0)) \
    CICAL_VALUE(icalcomponent *, icalparser_parse_string, (const char *a0), (a0)) \
    CICAL_VALUE(const char *, icalproperty_get_attendee, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaltimetype, icalproperty_get_dtend, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaltimetype, icalproperty_get_dtstart, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaldurationtype, icalproperty_get_duration, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaltimetype, icalproperty_get_exdate, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(icalparameter *, icalproperty_get_first_parameter, (icalproperty *a0, icalparameter_kind a1), (a0, a1)) \
    CICAL_VALUE(struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaltimetype, icalproperty_get_recurrenceid, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(int, icalproperty_get_repeat, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(struct icaltriggertype, icalproperty_get_trigger, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(const char *, icalproperty_get_value_as_string, (const icalproperty *a0), (a0)) \
    CICAL_VALUE(const char *, icalproperty_get_x_name, (icalproperty *a0), (a0)) \
    CICAL_VALUE(const char *, icalproperty_get_xlicerror, (const icalproperty *a0), (a0)) \
    CICAL_VOID(void, icalrecur_iterator_free, (icalrecur_iterator *a0), (a0)) \
    CICAL_VALUE(icalrecur_iterator *, icalrecur_iterator_new, (struct icalrecurrencetype a0, struct icaltimetype a1), (a0, a1)) \
    CICAL_VALUE(struct icaltimetype, icalrecur_iterator_next, (icalrecur_iterator *a0), (a0)) \
    CICAL_VALUE(int, icalrecur_iterator_set_start, (icalrecur_iterator *a0, struct icaltimetype a1), (a0, a1)) \
    CICAL_VALUE(struct icalrecurrencetype, icalrecurrencetype_from_string, (const char *a0), (a0)) \
    CICAL_VALUE(int, icaltime_is_null_time, (const struct icaltimetype a0), (a0)) \
    CICAL_VALUE(int, icaltime_is_utc, (const struct icaltimetype a0), (a0)) \
    CICAL_VALUE(int, icaltime_is_valid_time, (const struct icaltimetype a0), (a0)) \
    CICAL_VALUE(struct icaltimetype, icaltime_null_time, (void), ()) \
    CICAL_VOID(void, icalerror_set_errors_are_fatal, (int a0), (a0)) \
    CICAL_VOID(void, icalerror_clear_errno, (void), ()) \
    CICAL_VALUE(icalerrorenum *, icalerrno_return, (void), ())

#define CICAL_FIELD(type, name, parameters, arguments) type(*name) parameters;
typedef struct {
    const char *failure;
    CICAL_FUNCTIONS(CICAL_FIELD, CICAL_FIELD)
} cical_api_t;
#undef CICAL_FIELD

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline cical_api_t *cical_state(void) {
    static cical_api_t state;
    return &state;
}

#define CICAL_SYMBOL(type, name, parameters, arguments) \
    if (!(*(void **)(&cical_state()->name) = dlsym(handle, #name))) { cical_state()->failure = "libical.so.3 lacks " #name; return; }

static void cical_load(void) {
    void *handle = dlopen("libical.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { cical_state()->failure = dlerror(); return; }
    CICAL_FUNCTIONS(CICAL_SYMBOL, CICAL_SYMBOL)
    // libical's errors are recorded, never an abort(): a calendar is untrusted input.
    cical_state()->icalerror_set_errors_are_fatal(0);
}
#undef CICAL_SYMBOL

/// Loads libical once; NULL on success, else why it failed. Call before any cical_ function.
static inline const char *cical_load_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cical_load);
    return cical_state()->failure;
}

#define CICAL_WRAPPER(type, name, parameters, arguments) \
    static inline type cical_##name parameters { return cical_state()->name arguments; }
#define CICAL_VOID_WRAPPER(type, name, parameters, arguments) \
    static inline void cical_##name parameters { cical_state()->name arguments; }
CICAL_FUNCTIONS(CICAL_WRAPPER, CICAL_VOID_WRAPPER)
#undef CICAL_WRAPPER
#undef CICAL_VOID_WRAPPER

static inline void cical_clear_errno(void) {
    cical_icalerror_clear_errno();
}

static inline int cical_errno(void) {
    return (int)*cical_icalerrno_return();
}
/// Wall-clock fields, year to second, as one number that orders them.
static inline long long cical_wall_key(struct icaltimetype time) {
    return (((((long long)time.year * 13 + time.month) * 32 + time.day) * 24 + time.hour) * 60 + time.minute) * 60 + time.second;
}

/// The starts of `rule` from `dtstart` (from `start` when `has_start`), made in a child process:
/// at most `max_steps`, up to the first at or after `stop` (wall time), within `timeout_ms`.
/// A rule finer than a day with BY parts has libical's iterator step through every second or
/// minute between two matches, without end for one that never matches (FREQ=SECONDLY;BYMONTH=2;
/// BYMONTHDAY=30): its time is bounded by killing the child, which a thread could not be.
/// `out` has room for `max_steps`; returns how many were made; `*timed_out` when the child was
/// killed (what it made before is kept), -1 when it could not start.
static inline int cical_expand_bounded(struct icalrecurrencetype rule, struct icaltimetype dtstart, int has_start,
                                       struct icaltimetype start, struct icaltimetype stop, int max_steps, int timeout_ms,
                                       struct icaltimetype *out, int *timed_out) {
    *timed_out = 0;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        icalrecur_iterator *iterator = cical_icalrecur_iterator_new(rule, dtstart);
        if (!iterator) _exit(1);
        if (has_start) cical_icalrecur_iterator_set_start(iterator, start);
        long long end = cical_wall_key(stop);
        struct icaltimetype batch[64];
        int held = 0;
        for (int step = 0; step < max_steps; step++) {
            struct icaltimetype next = cical_icalrecur_iterator_next(iterator);
            if (cical_icaltime_is_null_time(next)) break;
            batch[held++] = next;
            int last = cical_wall_key(next) >= end;
            if (held == 64 || last || step + 1 == max_steps) {
                const char *bytes = (const char *)batch;
                size_t left = held * sizeof batch[0];
                while (left > 0) {
                    ssize_t wrote = write(fds[1], bytes, left);
                    if (wrote < 0 && errno == EINTR) continue;
                    if (wrote <= 0) _exit(1);
                    bytes += wrote;
                    left -= (size_t)wrote;
                }
                held = 0;
            }
            if (last) break;
        }
        _exit(0);
    }
    close(fds[1]);
    struct timespec began;
    clock_gettime(CLOCK_MONOTONIC, &began);
    size_t capacity = (size_t)max_steps * sizeof out[0], got = 0;
    for (;;) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long left = timeout_ms - ((now.tv_sec - began.tv_sec) * 1000 + (now.tv_nsec - began.tv_nsec) / 1000000);
        if (left <= 0) { *timed_out = 1; break; }
        struct pollfd ready = {fds[0], POLLIN, 0};
        int polled = poll(&ready, 1, (int)left);
        if (polled < 0 && errno == EINTR) continue;
        if (polled <= 0) { *timed_out = polled == 0; break; }
        ssize_t read_now = read(fds[0], (char *)out + got, capacity - got);
        if (read_now < 0 && errno == EINTR) continue;
        if (read_now <= 0) break;
        got += (size_t)read_now;
        if (got == capacity) break;
    }
    close(fds[0]);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    return (int)(got / sizeof out[0]);
}
#endif
