import CLinux

/// The stack of the thread that made it, whose pages below the caller's frame go back to the
/// system while the thread waits idle: a worker that ran a TLS handshake or a decode once keeps
/// those pages, as anonymous memory, for the life of the daemon otherwise (docs/performance.md).
/// Made and used on one thread only, and not on the main thread, whose stack glibc finds by reading
/// /proc/self/maps: more than half a millisecond of every short command's start.
package struct IdleStack {
    private let low = clinux_stack_low()

    package init() {}

    /// Before a wait that may be long: the pages below here are not live.
    package func releaseBelowCaller() {
        clinux_release_stack_below_frame(low)
    }
}
