#ifndef NOTIFIER_CICAL_SHIM_H
#define NOTIFIER_CICAL_SHIM_H
// libical (Debian's libical-dev) for the calendars: parsing iCalendar text and expanding
// RRULEs (icalrecur_iterator). Values are read out into Swift right after parsing; nothing of
// libical's outlives a call. Include only from the files of NotifierReminders/Calendars.
//
// Loaded on first use with dlopen rather than linked, as libcurl is: libical brings the system
// ICU (libicuuc, libicui18n, some 30 MB mapped), which a daemon whose config has no calendar
// should not carry. Swift reaches each function through the cical_ wrapper of its name below;
// a direct call to libical would not link, which keeps it that way.
#include <libical/ical.h>
#include <dlfcn.h>
#include <pthread.h>

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
#endif
