import Foundation

/// The time a command or a view reads: what waits takes `clock`, what has calendar meaning takes
/// `now()`. The shell makes one (`TimeSource.system`, in the `Program` `main` builds) and hands it down in
/// the `AppContext`; a test hands its own.
package struct TimeSource: Sendable {
    package var clock: any Clock<Duration>
    package var now: @Sendable () -> Date

    package init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        self.clock = clock
        self.now = now
    }
}

extension TimeSource {
    /// The machine's clocks: the only place a command or a view reads them, through the
    /// `Program` that `main` builds.
    package static let system = TimeSource(clock: ContinuousClock(), now: { Date() })
}
