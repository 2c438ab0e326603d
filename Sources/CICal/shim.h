#ifndef NOTIFIER_CICAL_SHIM_H
#define NOTIFIER_CICAL_SHIM_H
// libical (Debian's libical-dev) for the calendars: parsing iCalendar text and expanding
// RRULEs (icalrecur_iterator). Values are read out into Swift right after parsing; nothing of
// libical's outlives a call. Include only from the files of Feeds/Calendars.
#include <libical/ical.h>

// libical's errors are recorded, never an abort(): a calendar is untrusted input.
static inline void cical_quiet_errors(void) {
    icalerror_set_errors_are_fatal(0);
}

static inline void cical_clear_errno(void) {
    icalerror_clear_errno();
}

static inline int cical_errno(void) {
    return (int)icalerrno;
}
#endif
