#ifndef NOTIFIER_CGLIB_SHIM_H
#define NOTIFIER_CGLIB_SHIM_H
// GLib's main loop, for the thread that runs it (Sources/System/Host/GLibLoop.swift), loaded on
// first use with dlopen rather than linked: only the daemon and the commands that reach the
// desktop start the loop, and every other command was paying GLib's loading at its start.
// Declared here with GLib's own names and types, so that the program needs no GLib header
// paths; Tests/DeliveryTests/GnomeDeclarations.c checks them against the system's headers.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef int gboolean;
typedef int gint;
typedef unsigned int guint;
typedef void *gpointer;
typedef struct _GMainContext GMainContext;
typedef struct _GMainLoop GMainLoop;

#define G_PRIORITY_DEFAULT 0

// X(return type, name, parameters)
#define CGLIB_CALLBACKS(X) \
    X(gboolean, GSourceFunc, (gpointer user_data)) \
    X(void, GDestroyNotify, (gpointer data))

// X(return type, name, parameters, arguments), V(name, parameters, arguments) for one that returns
// nothing: the table, the lookups, the calls and the checks, from one list (as in CNotify).
#define CGLIB_FUNCTIONS(X, V) \
    X(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running), (context, is_running)) \
    X(guint, g_idle_add_full, (gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify), \
        (priority, function, data, notify)) \
    V(g_main_loop_run, (GMainLoop *loop), (loop)) \
    V(g_main_context_invoke_full, (GMainContext *context, gint priority, GSourceFunc function, gpointer data, \
        GDestroyNotify notify), (context, priority, function, data, notify))

#ifndef CGLIB_CHECK_AGAINST_SYSTEM_HEADERS
#define CGLIB_CALLBACK_TYPE(result, name, parameters) typedef result(*name) parameters;
CGLIB_CALLBACKS(CGLIB_CALLBACK_TYPE)

#define CGLIB_FIELD(result, name, parameters, arguments) result(*name) parameters;
#define CGLIB_VOID_FIELD(name, parameters, arguments) void(*name) parameters;
typedef struct {
    const char *failure;
    CGLIB_FUNCTIONS(CGLIB_FIELD, CGLIB_VOID_FIELD)
} cglib_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline cglib_api_t *cglib_api(void) {
    static cglib_api_t api;
    return &api;
}

#define CGLIB_LOOKUP_NAME(name) \
    if (!api->failure && !(*(void **)(&api->name) = dlsym(handle, #name))) api->failure = "libglib-2.0.so.0 lacks " #name;
#define CGLIB_LOOKUP(result, name, ...) CGLIB_LOOKUP_NAME(name)
#define CGLIB_VOID_LOOKUP(name, ...) CGLIB_LOOKUP_NAME(name)

static void cglib_load(void) {
    cglib_api_t *api = cglib_api();
    void *handle = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        api->failure = dlerror();
        return;
    }
    CGLIB_FUNCTIONS(CGLIB_LOOKUP, CGLIB_VOID_LOOKUP)
}

// GLib is a dependency of the package; a system without it cannot run the loop at all, so the
// first call ends the program (status 1) with the reason.
static inline cglib_api_t *cglib_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cglib_load);
    if (cglib_api()->failure) {
        dprintf(2, "notifier: %s\n", cglib_api()->failure);
        _exit(1);
    }
    return cglib_api();
}

#define CGLIB_CALL(result, name, parameters, arguments) \
    static inline result name parameters { return cglib_loaded()->name arguments; }
#define CGLIB_VOID_CALL(name, parameters, arguments) \
    static inline void name parameters { cglib_loaded()->name arguments; }
CGLIB_FUNCTIONS(CGLIB_CALL, CGLIB_VOID_CALL)
#endif
#endif
