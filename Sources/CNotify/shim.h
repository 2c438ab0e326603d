#ifndef NOTIFIER_CNOTIFY_SHIM_H
#define NOTIFIER_CNOTIFY_SHIM_H
// Swift cannot import GLib's function-like macros; these wrappers stand in for them.
#include <libnotify/notify.h>
// GDBus, for the daemon's well-known name (libnotify already links GIO).
#include <gio/gio.h>

typedef void (*cnotify_closed_callback)(NotifyNotification *notification, gpointer user_data);

// g_signal_connect + G_CALLBACK, typed for NotifyNotification's "closed" signal.
static inline gulong cnotify_connect_closed(NotifyNotification *notification,
                                            cnotify_closed_callback callback,
                                            gpointer user_data,
                                            GClosureNotify destroy) {
    return g_signal_connect_data(notification, "closed", G_CALLBACK(callback), user_data, destroy, 0);
}

static inline gint cnotify_closed_reason(NotifyNotification *notification) {
    return notify_notification_get_closed_reason(notification);
}

// The "id" property: set before show, it is the replaces_id of Notify (0 for a new bubble);
// after show, the id the server gave. g_object_set/get are variadic.
static inline void cnotify_set_id(NotifyNotification *notification, guint32 id) {
    g_object_set(G_OBJECT(notification), "id", (gint)id, NULL);
}

static inline guint32 cnotify_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(G_OBJECT(notification), "id", &id, NULL);
    return (guint32)id;
}

static inline void cnotify_unref(NotifyNotification *notification) {
    g_object_unref(G_OBJECT(notification));
}
#endif
