// The declarations of Sources/CNotify/shim.h and Sources/CGLib/shim.h, checked against the
// system's own headers: compiled by DesktopLibraryDeclarationsTests with `pkg-config --cflags
// libnotify`. It compiles only if every type, value and signature the program declares for
// itself is the one GLib, GIO, GObject and libnotify declare.
#include <libnotify/notify.h>
#include <gio/gio.h>

#define CNOTIFY_CHECK_AGAINST_SYSTEM_HEADERS
#define CGLIB_CHECK_AGAINST_SYSTEM_HEADERS
#include "../../Sources/CNotify/shim.h"
#include "../../Sources/CGLib/shim.h"

#define SAME_TYPE(a, b) __builtin_types_compatible_p(a, b)
#define SAME_LAYOUT(type, field) \
    _Static_assert(offsetof(type, field) == offsetof(cnotify_own_##type, field), #type "." #field " lies elsewhere"); \
    _Static_assert(SAME_TYPE(__typeof__(((type *)0)->field), __typeof__(((cnotify_own_##type *)0)->field)) \
                   || sizeof(((type *)0)->field) == sizeof(((cnotify_own_##type *)0)->field), #type "." #field " differs");
#define SAME_SIZE(type) _Static_assert(sizeof(type) == sizeof(cnotify_own_##type), "the size of " #type " differs");

SAME_SIZE(GError) SAME_LAYOUT(GError, domain) SAME_LAYOUT(GError, code) SAME_LAYOUT(GError, message)
SAME_SIZE(GList) SAME_LAYOUT(GList, data) SAME_LAYOUT(GList, next) SAME_LAYOUT(GList, prev)
SAME_SIZE(GDBusInterfaceInfo) SAME_LAYOUT(GDBusInterfaceInfo, ref_count) SAME_LAYOUT(GDBusInterfaceInfo, name)
SAME_LAYOUT(GDBusInterfaceInfo, methods) SAME_LAYOUT(GDBusInterfaceInfo, signals) SAME_LAYOUT(GDBusInterfaceInfo, properties)
SAME_LAYOUT(GDBusInterfaceInfo, annotations)
SAME_SIZE(GDBusNodeInfo) SAME_LAYOUT(GDBusNodeInfo, ref_count) SAME_LAYOUT(GDBusNodeInfo, path)
SAME_LAYOUT(GDBusNodeInfo, interfaces) SAME_LAYOUT(GDBusNodeInfo, nodes) SAME_LAYOUT(GDBusNodeInfo, annotations)
SAME_SIZE(GDBusInterfaceVTable) SAME_LAYOUT(GDBusInterfaceVTable, method_call) SAME_LAYOUT(GDBusInterfaceVTable, get_property)
SAME_LAYOUT(GDBusInterfaceVTable, set_property) SAME_LAYOUT(GDBusInterfaceVTable, padding)
SAME_SIZE(NotifyNotification) SAME_LAYOUT(NotifyNotification, priv)

#define CALLBACK_MATCHES(result, name, parameters) \
    _Static_assert(SAME_TYPE(name, result(*) parameters), "the callback type " #name " differs");
CNOTIFY_CALLBACKS(CALLBACK_MATCHES)
CGLIB_CALLBACKS(CALLBACK_MATCHES)

// Each function's table entry and call (the shim makes both from the one list) against the
// system's declaration.
#define FUNCTION_MATCHES(result, name, parameters, ...) \
    _Static_assert(SAME_TYPE(__typeof__(&name), result(*) parameters), "the function " #name " differs");
#define VOID_FUNCTION_MATCHES(name, parameters, arguments) FUNCTION_MATCHES(void, name, parameters)
CNOTIFY_FUNCTIONS(FUNCTION_MATCHES, VOID_FUNCTION_MATCHES)
CNOTIFY_VARIADIC_FUNCTIONS(FUNCTION_MATCHES)
CGLIB_FUNCTIONS(FUNCTION_MATCHES, VOID_FUNCTION_MATCHES)

#define VALUE_MATCHES(name, value) _Static_assert(name == value, #name " is not " #value);
#define ENUM_MATCHES(type, values) _Static_assert(sizeof(type) == sizeof(int), "the enumeration " #type " is not an int"); values
CNOTIFY_ENUMS(ENUM_MATCHES, VALUE_MATCHES)
_Static_assert(G_PRIORITY_DEFAULT == 0, "G_PRIORITY_DEFAULT");
