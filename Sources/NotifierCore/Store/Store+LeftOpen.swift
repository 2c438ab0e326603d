import Synchronization

/// A command that reads the store once and exits leaves its connection to the exit. Closing it
/// removes GRDB's notification observers, whose first dynamic cast looks a Foundation type up by
/// name, 0.3 ms of a one-coin view, and gives back nothing the exit does not: the connection is
/// read-only, and the exit releases its file locks.
extension Store {
    /// Keeps `store` open until the process exits. Not for a process that lives on, nor for a
    /// screen that reloads: each call keeps one more connection.
    package static func leaveOpenUntilExit(_ store: Store?) {
        guard let store else { return }
        leftOpen.withLock { $0.append(store) }
    }

    private static let leftOpen = Mutex<[Store]>([])
}
