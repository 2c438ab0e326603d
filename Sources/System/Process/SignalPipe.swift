import Foundation

/// The self-pipe a signal handler writes its number to, for `SystemWatch`'s thread to read: a
/// handler may do little more than `write`, so the rest happens there.
enum SignalPipe {
    /// Made before any handler is installed (the handlers read `writeEnd`).
    static let readEnd: Int32 = {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        writeEnd = ends[1]
        return ends[0]
    }()

    nonisolated(unsafe) static var writeEnd: Int32 = -1

    /// Unblocks `numbers` in the calling thread and in every thread it starts afterwards: a
    /// service manager or a test runner may start the program with them blocked, and a blocked
    /// signal never reaches its handler. Call in `main` before any thread starts.
    static func unblock(_ numbers: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Installs the handler for `number`; SA_RESTART, so a slow system call elsewhere goes on.
    static func catchSignal(_ number: Int32) {
        _ = readEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(SignalPipe.writeEnd, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }
}
