import CLinux
import Foundation
import Synchronization

/// What moves a sleeping program's next instant from outside: the wall clock set (the kernel
/// says so after a resume as well), a file another process wrote, and a signal (SIGHUP, SIGTERM).
/// One thread blocks in `poll` on an inotify descriptor, a wall-clock timer armed with
/// TFD_TIMER_CANCEL_ON_SET and the signal handler's pipe, so watching costs nothing while nothing
/// changes (a libdispatch signal source would start libdispatch's threads and their ticking
/// monitor); started by the first subscriber.
package final class SystemWatch: Sendable {
    package static let shared = SystemWatch()

    package enum Change: Sendable, Equatable, CustomStringConvertible {
        case wallClock
        case file(directory: String, name: String)
        case signal(Int32)

        package var description: String {
            switch self {
            case .wallClock: "the wall clock was set"
            case .file(let directory, let name): "\(directory)/\(name) changed"
            case .signal(let number): "signal \(number)"
            }
        }
    }

    private struct Subscriber {
        var wallClock = false
        var directories: Set<String> = []
        /// Which files' changes, by folder and name.
        var accepts: @Sendable (_ directory: String, _ name: String) -> Bool = { _, _ in true }
        var signals: Set<Int32> = []
        let continuation: AsyncStream<Change>.Continuation

        func wants(_ change: Change) -> Bool {
            switch change {
            case .wallClock: wallClock
            case .file(let directory, let file): directories.contains(directory) && accepts(directory, file)
            case .signal(let number): signals.contains(number)
            }
        }
    }

    private struct State {
        var started = false
        var inotify: Int32 = -1
        var wallTimer: Int32 = -1
        var watched: [Int32: String] = [:]
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())
    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    /// The changes of the wall clock (where `wallClock`) and of the file `name` (any file, where
    /// nil) in `directories`; a directory that does not exist is not watched. Only the newest
    /// change waits for a slow reader: each says "look again", not what changed.
    package func changes(wallClock: Bool, directories: [String], name: String?) -> AsyncStream<Change> {
        changes(wallClock: wallClock, directories: directories) { _, file in name == nil || name == file }
    }

    /// The same, for the files in `directories` that `accepts` takes (a calendar folder's `.ics`
    /// files, one calendar file among others): a change to any other file wakes nobody.
    package func changes(
        wallClock: Bool, directories: [String], accepts: @escaping @Sendable (_ directory: String, _ name: String) -> Bool
    ) -> AsyncStream<Change> {
        subscribe { state, continuation in
            for directory in directories where !state.watched.values.contains(directory) {
                let descriptor = inotify_add_watch(state.inotify, directory, Self.fileEvents)
                if descriptor >= 0 { state.watched[descriptor] = directory }
            }
            return Subscriber(wallClock: wallClock, directories: Set(directories), accepts: accepts, continuation: continuation)
        }
    }

    /// Whether changes in `directory` reach subscribers: not where inotify could not be had (the
    /// user's 128 instances taken) or the folder could not be watched.
    package func isWatching(_ directory: String) -> Bool {
        state.withLock { $0.watched.values.contains(directory) }
    }

    /// The signals the daemon takes (SIGTERM, SIGINT, SIGHUP), unblocked: call first in `main`,
    /// before any thread starts, so that every thread inherits it (see `SignalPipe.unblock`).
    package static func unblockSignals() {
        SignalPipe.unblock([SIGTERM, SIGINT, SIGHUP])
    }

    /// The signals `numbers` as they arrive; from the first call on they are caught for the life
    /// of the program (their default, ending it, no longer applies).
    package func signals(_ numbers: [Int32]) -> AsyncStream<Change> {
        subscribe { _, continuation in
            for number in numbers { SignalPipe.catchSignal(number) }
            return Subscriber(signals: Set(numbers), continuation: continuation)
        }
    }

    private func subscribe(_ make: (inout State, AsyncStream<Change>.Continuation) -> Subscriber) -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            startIfNeeded(&state)
            state.nextID += 1
            state.subscribers[state.nextID] = make(&state, continuation)
            return state.nextID
        }
        continuation.onTermination = { [self] _ in state.withLock { _ = $0.subscribers.removeValue(forKey: id) } }
        return stream
    }

    /// Writes the file `name` in `directory`, for whoever watches it: another process's "look
    /// again". Best effort: a watcher that misses it looks again within its longest wait.
    package static func touch(directory: String, name: String) {
        _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: nil)
    }

    /// Tells the subscribers; from the watch thread, and from tests that move a clock.
    package func announce(_ change: Change) {
        let wanting = state.withLock { $0.subscribers.values.filter { $0.wants(change) } }
        for subscriber in wanting { subscriber.continuation.yield(change) }
    }

    private func startIfNeeded(_ state: inout State) {
        guard !state.started else { return }
        state.started = true
        state.inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        state.wallTimer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        Self.armForClockChanges(state.wallTimer)
        let (inotify, wallTimer, signals) = (state.inotify, state.wallTimer, SignalPipe.readEnd)
        let thread = Thread { [self] in watch(inotify: inotify, wallTimer: wallTimer, signals: signals) }
        thread.name = "notifier-watch"
        thread.start()
    }

    /// Armed years ahead: it never fires, it is only cancelled when the clock is set.
    private static func armForClockChanges(_ descriptor: Int32) {
        var setting = itimerspec()
        setting.it_value.tv_sec = time(nil) + 10 * 365 * 86400
        timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &setting, nil)
    }

    private func watch(inotify: Int32, wallTimer: Int32, signals: Int32) {
        var descriptors = [inotify, wallTimer, signals].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { continue }
            if descriptors[2].revents != 0 {
                let count = read(signals, &buffer, buffer.count)
                if count > 0 { for number in Set(buffer[..<count]) { announce(.signal(Int32(number))) } }
            }
            if descriptors[1].revents != 0 {
                var expirations: UInt64 = 0
                _ = read(wallTimer, &expirations, 8)
                Self.armForClockChanges(wallTimer)
                announce(.wallClock)
            }
            if descriptors[0].revents != 0 {
                let count = read(inotify, &buffer, buffer.count)
                if count > 0 { for change in fileChanges(buffer[..<count]) { announce(change) } }
            }
        }
    }

    /// The changes in a read of inotify events: each a header (descriptor, mask, cookie, name
    /// length) and the name, padded with NULs.
    private func fileChanges(_ bytes: ArraySlice<UInt8>) -> [Change] {
        let header = 16
        var changes: [Change] = []
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let field = { (at: Int) in bytes[offset + at..<offset + at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
            let descriptor = Int32(bitPattern: field(0))
            let nameLength = Int(field(12))
            let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + nameLength)].prefix { $0 != 0 }
            if let directory = state.withLock({ $0.watched[descriptor] }) {
                let change = Change.file(directory: directory, name: String(decoding: nameBytes, as: UTF8.self))
                if !changes.contains(change) { changes.append(change) }
            }
            offset += header + nameLength
        }
        return changes
    }
}
