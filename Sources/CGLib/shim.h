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

#define CGLIB_FUNCTIONS(X) \
    X(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running)) \
    X(void, g_main_loop_run, (GMainLoop *loop)) \
    X(guint, g_idle_add_full, (gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify)) \
    X(void, g_main_context_invoke_full, (GMainContext *context, gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify))

#ifndef CGLIB_CHECK_AGAINST_SYSTEM_HEADERS
#define CGLIB_CALLBACK_TYPE(result, name, parameters) typedef result(*name) parameters;
CGLIB_CALLBACKS(CGLIB_CALLBACK_TYPE)

#define CGLIB_FIELD(result, name, parameters) result(*name) parameters;
typedef struct {
    const char *failure;
    CGLIB_FUNCTIONS(CGLIB_FIELD)
} cglib_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline cglib_api_t *cglib_api(void) {
    static cglib_api_t api;
    return &api;
}

#define CGLIB_LOOKUP(result, name, parameters) \
    if (!api->failure && !(*(void **)(&api->name) = dlsym(handle, #name))) api->failure = "libglib-2.0.so.0 lacks " #name;

static void cglib_load(void) {
    cglib_api_t *api = cglib_api();
    void *handle = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        api->failure = dlerror();
        return;
    }
    CGLIB_FUNCTIONS(CGLIB_LOOKUP)
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

static inline GMainLoop *g_main_loop_new(GMainContext *context, gboolean is_running) {
    return cglib_loaded()->g_main_loop_new(context, is_running);
}
static inline void g_main_loop_run(GMainLoop *loop) { cglib_loaded()->g_main_loop_run(loop); }
static inline guint g_idle_add_full(gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify) {
    return cglib_loaded()->g_idle_add_full(priority, function, data, notify);
}
static inline void g_main_context_invoke_full(GMainContext *context, gint priority, GSourceFunc function, gpointer data,
                                              GDestroyNotify notify) {
    cglib_loaded()->g_main_context_invoke_full(context, priority, function, data, notify);
}
#endif
#endif
