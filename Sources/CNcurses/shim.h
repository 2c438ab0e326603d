// ncursesw (Debian's libncurses-dev) for the interactive views. Swift cannot import its
// function-like macros (A_BOLD, COLOR_PAIR) nor use `stdscr` safely as a global, so they are
// wrapped here; everything else is called directly.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

static inline WINDOW *cncurses_screen(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_columns(void) { return COLS; }

static inline attr_t cncurses_bold(void) { return A_BOLD; }
static inline attr_t cncurses_dim(void) { return A_DIM; }
static inline attr_t cncurses_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_pair(short pair) { return COLOR_PAIR(pair); }

static inline int cncurses_attr_set(attr_t attributes) { return attrset((int)attributes); }

/// One key or character; `*code` holds it, the result says which (KEY_CODE_YES for a key,
/// OK for a character, ERR when the timeout passed).
static inline int cncurses_read(wint_t *code) { return get_wch(code); }

static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }

extern int wcwidth(wchar_t c);

/// The columns a character takes, as ncurses counts them in a UTF-8 locale, whatever the
/// process's own locale is (a test runs in C): a thread-local switch to C.UTF-8 around wcwidth.
static inline int cncurses_width(unsigned int scalar) {
    static locale_t utf8 = (locale_t)0;
    if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8 == (locale_t)0) return wcwidth((wchar_t)scalar);
    locale_t previous = uselocale(utf8);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}

/// True when the current locale's character set is UTF-8.
static inline int cncurses_locale_is_utf8(void) {
    const char *set = nl_langinfo(CODESET);
    return set != NULL && (set[0] == 'U' || set[0] == 'u') && (set[1] == 'T' || set[1] == 't');
}
#endif
