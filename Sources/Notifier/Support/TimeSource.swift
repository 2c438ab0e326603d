import Foundation

/// The time a command or a view reads: what waits takes `clock`, what has calendar meaning takes
/// `now()`. The shell makes one (`TimeSource.system`, in `CLI/Main.swift`) and hands it down in
/// the `AppContext`; a test hands its own.
struct TimeSource: Sendable {
    var clock: any Clock<Duration>
    var now: @Sendable () -> Date
}
