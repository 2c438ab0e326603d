#ifndef NOTIFIER_CNOTIFY_SHIM_H
#define NOTIFIER_CNOTIFY_SHIM_H
// libnotify, and the GIO and GObject calls of the session and system buses, loaded on first use
// with dlopen rather than linked: with GLib they bring eleven libraries (gdk-pixbuf, libmount,
// libselinux …) whose loading and constructors were a fifth of every command's start, and
// only the daemon and the commands that show or read the desktop call them.
//
// So that the program needs no GLib header paths (nor the link flags that come with them), this
// file declares what it uses itself, with GLib's and libnotify's own names and types.
// Tests/DeliveryTests/GnomeDeclarations.c compiles it beside the system's headers and checks
// every type, value and signature against them (DesktopLibraryDeclarationsTests).
//
// Each Swift object file that calls these functions gets its own copy of the table (Swift emits
// a header's inline functions per object file), filled by its first call.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// The system headers' own definitions when checked against them; ours otherwise.
#ifdef CNOTIFY_CHECK_AGAINST_SYSTEM_HEADERS
#define CNOTIFY_OWN(name) cnotify_own_##name
#else
#define CNOTIFY_OWN(name) name
#endif

// Scalars, as glibconfig.h defines them on Linux (a second identical typedef is valid C).
typedef int gboolean;
typedef int gint;
typedef unsigned int guint;
typedef char gchar;
typedef void *gpointer;
typedef signed int gint32;
typedef unsigned int guint32;
typedef signed long gint64;
typedef unsigned long guint64;
typedef unsigned long gsize;
typedef signed long gssize;
typedef unsigned long gulong;
typedef guint32 GQuark;

// Opaque to this program: declared exactly as GLib declares them.
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;
typedef struct _GCancellable GCancellable;
typedef struct _GSettings GSettings;
typedef struct _GSettingsSchema GSettingsSchema;
typedef struct _GSettingsSchemaSource GSettingsSchemaSource;
typedef struct _GSettingsBackend GSettingsBackend;
typedef struct _GClosure GClosure;
typedef struct _GDBusMethodInfo GDBusMethodInfo;
typedef struct _GDBusSignalInfo GDBusSignalInfo;
typedef struct _GDBusPropertyInfo GDBusPropertyInfo;
typedef struct _GDBusAnnotationInfo GDBusAnnotationInfo;
typedef struct _NotifyNotificationPrivate NotifyNotificationPrivate;

// Read from Swift, field by field.
typedef struct CNOTIFY_OWN(_GError) {
    GQuark domain;
    gint code;
    gchar *message;
} CNOTIFY_OWN(GError);

typedef struct CNOTIFY_OWN(_GList) {
    gpointer data;
    struct CNOTIFY_OWN(_GList) *next;
    struct CNOTIFY_OWN(_GList) *prev;
} CNOTIFY_OWN(GList);

typedef struct CNOTIFY_OWN(_GDBusInterfaceInfo) {
    gint ref_count;
    gchar *name;
    GDBusMethodInfo **methods;
    GDBusSignalInfo **signals;
    GDBusPropertyInfo **properties;
    GDBusAnnotationInfo **annotations;
} CNOTIFY_OWN(GDBusInterfaceInfo);

typedef struct CNOTIFY_OWN(_GDBusNodeInfo) {
    gint ref_count;
    gchar *path;
    CNOTIFY_OWN(GDBusInterfaceInfo) **interfaces;
    struct CNOTIFY_OWN(_GDBusNodeInfo) **nodes;
    GDBusAnnotationInfo **annotations;
} CNOTIFY_OWN(GDBusNodeInfo);

// A GObject instance (its class pointer, reference count and data list) and libnotify's private part.
typedef struct CNOTIFY_OWN(_NotifyNotification) {
    struct {
        struct {
            void *g_class;
        } g_type_instance;
        guint ref_count;
        void *qdata;
    } parent_object;
    NotifyNotificationPrivate *priv;
} CNOTIFY_OWN(NotifyNotification);

// Callbacks: X(return type, name, parameters).
#define CNOTIFY_CALLBACKS(X) \
    X(void, GDestroyNotify, (gpointer data)) \
    X(void, GFreeFunc, (gpointer data)) \
    X(void, GCallback, (void)) \
    X(void, GClosureNotify, (gpointer data, GClosure *closure)) \
    X(void, GBusNameAppearedCallback, (GDBusConnection *connection, const gchar *name, const gchar *name_owner, gpointer user_data)) \
    X(void, GBusNameVanishedCallback, (GDBusConnection *connection, const gchar *name, gpointer user_data)) \
    X(void, GBusAcquiredCallback, (GDBusConnection *connection, const gchar *name, gpointer user_data)) \
    X(void, GBusNameAcquiredCallback, (GDBusConnection *connection, const gchar *name, gpointer user_data)) \
    X(void, GBusNameLostCallback, (GDBusConnection *connection, const gchar *name, gpointer user_data)) \
    X(void, GDBusSignalCallback, (GDBusConnection *connection, const gchar *sender_name, const gchar *object_path, \
                                  const gchar *interface_name, const gchar *signal_name, GVariant *parameters, gpointer user_data)) \
    X(void, GDBusInterfaceMethodCallFunc, (GDBusConnection *connection, const gchar *sender, const gchar *object_path, \
                                           const gchar *interface_name, const gchar *method_name, GVariant *parameters, \
                                           GDBusMethodInvocation *invocation, gpointer user_data)) \
    X(GVariant *, GDBusInterfaceGetPropertyFunc, (GDBusConnection *connection, const gchar *sender, const gchar *object_path, \
                                                  const gchar *interface_name, const gchar *property_name, GError **error, \
                                                  gpointer user_data)) \
    X(gboolean, GDBusInterfaceSetPropertyFunc, (GDBusConnection *connection, const gchar *sender, const gchar *object_path, \
                                                const gchar *interface_name, const gchar *property_name, GVariant *value, \
                                                GError **error, gpointer user_data)) \
    X(void, NotifyActionCallback, (NotifyNotification *notification, char *action, gpointer user_data))

#ifndef CNOTIFY_CHECK_AGAINST_SYSTEM_HEADERS
#define CNOTIFY_CALLBACK_TYPE(result, name, parameters) typedef result(*name) parameters;
CNOTIFY_CALLBACKS(CNOTIFY_CALLBACK_TYPE)
#endif

typedef struct CNOTIFY_OWN(_GDBusInterfaceVTable) {
    GDBusInterfaceMethodCallFunc method_call;
    GDBusInterfaceGetPropertyFunc get_property;
    GDBusInterfaceSetPropertyFunc set_property;
    gpointer padding[8];
} CNOTIFY_OWN(GDBusInterfaceVTable);

// Enumerations: X(type, (enumerator, value) ...), the values this program passes.
#define CNOTIFY_ENUMS(X, Value) \
    X(GBusType, Value(G_BUS_TYPE_SYSTEM, 1) Value(G_BUS_TYPE_SESSION, 2)) \
    X(GDBusSignalFlags, Value(G_DBUS_SIGNAL_FLAGS_NONE, 0)) \
    X(GDBusCallFlags, Value(G_DBUS_CALL_FLAGS_NONE, 0) Value(G_DBUS_CALL_FLAGS_NO_AUTO_START, 1)) \
    X(GBusNameWatcherFlags, Value(G_BUS_NAME_WATCHER_FLAGS_NONE, 0)) \
    X(GBusNameOwnerFlags, Value(G_BUS_NAME_OWNER_FLAGS_NONE, 0)) \
    X(GConnectFlags, Value(G_CONNECT_DEFAULT, 0)) \
    X(NotifyUrgency, Value(NOTIFY_URGENCY_LOW, 0) Value(NOTIFY_URGENCY_NORMAL, 1) Value(NOTIFY_URGENCY_CRITICAL, 2))

#ifndef CNOTIFY_CHECK_AGAINST_SYSTEM_HEADERS
#define CNOTIFY_ENUMERATOR(name, value) name = value,
#define CNOTIFY_ENUM_TYPE(type, values) typedef enum { values } type;
CNOTIFY_ENUMS(CNOTIFY_ENUM_TYPE, CNOTIFY_ENUMERATOR)
#endif

// Functions, each looked up in libnotify.so.4 and the libraries it loads (GIO, GObject, GLib),
// and each called from Swift under its own name: X(return type, name, parameters, arguments),
// or V(name, parameters, arguments) for one that returns nothing. The one list makes the table,
// the lookups, the calls and GnomeDeclarations.c's checks, so that none can differ.
#define CNOTIFY_FUNCTIONS(X, V) \
    X(gchar *, g_markup_escape_text, (const gchar *text, gssize length), (text, length)) \
    X(gboolean, g_variant_get_boolean, (GVariant *value), (value)) \
    X(gint32, g_variant_get_int32, (GVariant *value), (value)) \
    X(guint32, g_variant_get_uint32, (GVariant *value), (value)) \
    X(gint64, g_variant_get_int64, (GVariant *value), (value)) \
    X(guint64, g_variant_get_uint64, (GVariant *value), (value)) \
    X(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length)) \
    X(GVariant *, g_variant_get_variant, (GVariant *value), (value)) \
    X(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_)) \
    X(const gchar *, g_variant_get_type_string, (GVariant *value), (value)) \
    X(gsize, g_variant_n_children, (GVariant *value), (value)) \
    X(GVariant *, g_variant_new_string, (const gchar *string), (string)) \
    X(GVariant *, g_variant_new_uint32, (guint32 value), (value)) \
    X(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children), (children, n_children)) \
    X(gulong, g_signal_connect_data, (gpointer instance, const gchar *detailed_signal, GCallback c_handler, \
        gpointer data, GClosureNotify destroy_data, GConnectFlags connect_flags), (instance, detailed_signal, \
        c_handler, data, destroy_data, connect_flags)) \
    X(GDBusConnection *, g_bus_get_sync, (GBusType bus_type, GCancellable *cancellable, GError **error), (bus_type, \
        cancellable, error)) \
    X(guint, g_bus_watch_name, (GBusType bus_type, const gchar *name, GBusNameWatcherFlags flags, \
        GBusNameAppearedCallback name_appeared_handler, GBusNameVanishedCallback name_vanished_handler, \
        gpointer user_data, GDestroyNotify user_data_free_func), (bus_type, name, flags, name_appeared_handler, \
        name_vanished_handler, user_data, user_data_free_func)) \
    X(guint, g_bus_own_name, (GBusType bus_type, const gchar *name, GBusNameOwnerFlags flags, \
        GBusAcquiredCallback bus_acquired_handler, GBusNameAcquiredCallback name_acquired_handler, \
        GBusNameLostCallback name_lost_handler, gpointer user_data, GDestroyNotify user_data_free_func), (bus_type, \
        name, flags, bus_acquired_handler, name_acquired_handler, name_lost_handler, user_data, user_data_free_func)) \
    X(guint, g_dbus_connection_signal_subscribe, (GDBusConnection *connection, const gchar *sender, \
        const gchar *interface_name, const gchar *member, const gchar *object_path, const gchar *arg0, \
        GDBusSignalFlags flags, GDBusSignalCallback callback, gpointer user_data, GDestroyNotify user_data_free_func), \
        (connection, sender, interface_name, member, object_path, arg0, flags, callback, user_data, \
        user_data_free_func)) \
    X(GVariant *, g_dbus_connection_call_sync, (GDBusConnection *connection, const gchar *bus_name, \
        const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, \
        const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, \
        GError **error), (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, \
        flags, timeout_msec, cancellable, error)) \
    X(guint, g_dbus_connection_register_object, (GDBusConnection *connection, const gchar *object_path, \
        GDBusInterfaceInfo *interface_info, const GDBusInterfaceVTable *vtable, gpointer user_data, \
        GDestroyNotify user_data_free_func, GError **error), (connection, object_path, interface_info, vtable, \
        user_data, user_data_free_func, error)) \
    X(GDBusNodeInfo *, g_dbus_node_info_new_for_xml, (const gchar *xml_data, GError **error), (xml_data, error)) \
    X(GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ()) \
    X(GSettingsSchema *, g_settings_schema_source_lookup, (GSettingsSchemaSource *source, const gchar *schema_id, \
        gboolean recursive), (source, schema_id, recursive)) \
    X(gboolean, g_settings_schema_has_key, (GSettingsSchema *schema, const gchar *name), (schema, name)) \
    X(GSettings *, g_settings_new_full, (GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path), \
        (schema, backend, path)) \
    X(gboolean, g_settings_get_boolean, (GSettings *settings, const gchar *key), (settings, key)) \
    X(gboolean, notify_init, (const char *app_name), (app_name)) \
    X(gboolean, notify_is_initted, (void), ()) \
    X(GList *, notify_get_server_caps, (void), ()) \
    X(gboolean, notify_get_server_info, (char **ret_name, char **ret_vendor, char **ret_version, \
        char **ret_spec_version), (ret_name, ret_vendor, ret_version, ret_spec_version)) \
    X(NotifyNotification *, notify_notification_new, (const char *summary, const char *body, const char *icon), \
        (summary, body, icon)) \
    X(gboolean, notify_notification_show, (NotifyNotification *notification, GError **error), (notification, error)) \
    X(gboolean, notify_notification_close, (NotifyNotification *notification, GError **error), (notification, error)) \
    X(const char *, notify_notification_get_activation_token, (NotifyNotification *notification), (notification)) \
    X(gint, notify_notification_get_closed_reason, (const NotifyNotification *notification), (notification)) \
    V(g_free, (gpointer mem), (mem)) \
    V(g_error_free, (GError *error), (error)) \
    V(g_list_free_full, (GList *list, GDestroyNotify free_func), (list, free_func)) \
    V(g_variant_unref, (GVariant *value), (value)) \
    V(g_object_unref, (gpointer object), (object)) \
    V(g_dbus_method_invocation_return_value, (GDBusMethodInvocation *invocation, GVariant *parameters), (invocation, \
        parameters)) \
    V(g_dbus_method_invocation_return_dbus_error, (GDBusMethodInvocation *invocation, const gchar *error_name, \
        const gchar *error_message), (invocation, error_name, error_message)) \
    V(g_settings_schema_unref, (GSettingsSchema *schema), (schema)) \
    V(notify_notification_set_app_name, (NotifyNotification *notification, const char *app_name), (notification, \
        app_name)) \
    V(notify_notification_set_category, (NotifyNotification *notification, const char *category), (notification, \
        category)) \
    V(notify_notification_set_urgency, (NotifyNotification *notification, NotifyUrgency urgency), (notification, \
        urgency)) \
    V(notify_notification_set_hint, (NotifyNotification *notification, const char *key, GVariant *value), \
        (notification, key, value)) \
    V(notify_notification_add_action, (NotifyNotification *notification, const char *action, const char *label, \
        NotifyActionCallback callback, gpointer user_data, GFreeFunc free_func), (notification, action, label, \
        callback, user_data, free_func))

// Variadic, which Swift cannot call: in the table, for the helpers at the end only.
#define CNOTIFY_VARIADIC_FUNCTIONS(X) \
    X(void, g_object_set, (gpointer object, const gchar *first_property_name, ...)) \
    X(void, g_object_get, (gpointer object, const gchar *first_property_name, ...))

#ifndef CNOTIFY_CHECK_AGAINST_SYSTEM_HEADERS
#define CNOTIFY_FIELD(result, name, parameters, ...) result(*name) parameters;
#define CNOTIFY_VOID_FIELD(name, parameters, arguments) void(*name) parameters;
typedef struct {
    const char *failure;
    CNOTIFY_FUNCTIONS(CNOTIFY_FIELD, CNOTIFY_VOID_FIELD)
    CNOTIFY_VARIADIC_FUNCTIONS(CNOTIFY_FIELD)
} cnotify_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline cnotify_api_t *cnotify_api(void) {
    static cnotify_api_t api;
    return &api;
}

#define CNOTIFY_LOOKUP_NAME(name) \
    if (!api->failure && !(*(void **)(&api->name) = dlsym(handle, #name))) api->failure = "libnotify.so.4 lacks " #name;
#define CNOTIFY_LOOKUP(result, name, ...) CNOTIFY_LOOKUP_NAME(name)
#define CNOTIFY_VOID_LOOKUP(name, ...) CNOTIFY_LOOKUP_NAME(name)

static void cnotify_load(void) {
    cnotify_api_t *api = cnotify_api();
    void *handle = dlopen("libnotify.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        api->failure = dlerror();
        return;
    }
    CNOTIFY_FUNCTIONS(CNOTIFY_LOOKUP, CNOTIFY_VOID_LOOKUP)
    CNOTIFY_VARIADIC_FUNCTIONS(CNOTIFY_LOOKUP)
}

/// Loads libnotify and the GLib libraries once; NULL on success, else why it failed.
static inline const char *cnotify_load_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cnotify_load);
    return cnotify_api()->failure;
}

// Each call loads the libraries first (once); a library that cannot be loaded, or lacks one of
// these, ends the program (status 1) with its reason: the package depends on libnotify4, so
// only a broken installation gets there, and no call could go on.
static inline cnotify_api_t *cnotify_loaded(void) {
    const char *failure = cnotify_load_library();
    if (failure) {
        dprintf(2, "notifier: %s\n", failure);
        _exit(1);
    }
    return cnotify_api();
}

#define CNOTIFY_CALL(result, name, parameters, arguments) \
    static inline result name parameters { return cnotify_loaded()->name arguments; }
#define CNOTIFY_VOID_CALL(name, parameters, arguments) \
    static inline void name parameters { cnotify_loaded()->name arguments; }
CNOTIFY_FUNCTIONS(CNOTIFY_CALL, CNOTIFY_VOID_CALL)

typedef void (*cnotify_closed_callback)(NotifyNotification *notification, gpointer user_data);

// g_signal_connect for NotifyNotification's "closed" signal.
static inline gulong cnotify_connect_closed(NotifyNotification *notification, cnotify_closed_callback callback, gpointer user_data,
                                            GClosureNotify destroy) {
    return cnotify_loaded()->g_signal_connect_data(notification, "closed", (GCallback)callback, user_data, destroy, G_CONNECT_DEFAULT);
}

static inline gint cnotify_closed_reason(NotifyNotification *notification) {
    return cnotify_loaded()->notify_notification_get_closed_reason(notification);
}

// The "id" property: set before show, it is the replaces_id of Notify (0 for a new bubble);
// after show, the id the server gave. g_object_set/get are variadic, which Swift cannot call.
static inline void cnotify_set_id(NotifyNotification *notification, guint32 id) {
    cnotify_loaded()->g_object_set(notification, "id", (gint)id, NULL);
}

static inline guint32 cnotify_get_id(NotifyNotification *notification) {
    gint id = 0;
    cnotify_loaded()->g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}

static inline void cnotify_unref(NotifyNotification *notification) { cnotify_loaded()->g_object_unref(notification); }
#endif
#endif
