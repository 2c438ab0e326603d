#ifndef NOTIFIER_CGLIB_SHIM_H
#define NOTIFIER_CGLIB_SHIM_H
// GLib's main loop, for the thread that runs it (Sources/System/Host/GLibLoop.swift). libnotify
// links GLib already; this module names only what the loop needs of it.
#include <glib.h>
#endif
