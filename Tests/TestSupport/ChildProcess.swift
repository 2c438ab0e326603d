import Foundation
import NotifierCore
import NotifierSystem

/// A program a test starts and watches, started through `ChildSpawn`: Foundation's `Process`
/// passes on the signals the test process ignores or blocks (an in-process daemon ignores
/// SIGTERM), and servers started that way outlived the suite.
public final class ChildProcess: @unchecked Sendable {
    public let processIdentifier: Int32
    private let lock = NSLock()
    private var exit: Int32?
    /// Kept as long as the child may write to them: a pipe freed here closes its reading end,
    /// and the child's next write fails (the daemon then stops on the error).
    private let pipes: [Pipe]

    /// Pipes given as `stdout`/`stderr` have their write end closed here once the child holds
    /// it, so that reading reaches the end when the child exits.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: ChildSpawn.Stream = .null, stdout: Output = .null, stderr: Output = .null
    ) throws {
        processIdentifier = try ChildSpawn.start(
            [executable] + arguments,
            environment: environment ?? ProcessInfo.processInfo.environment,
            stdin: stdin, stdout: stdout.stream, stderr: stderr.stream)
        pipes = [stdout, stderr].compactMap { if case .pipe(let pipe) = $0 { pipe } else { nil } }
        for pipe in pipes { try? pipe.fileHandleForWriting.close() }
    }

    public enum Output {
        case null
        case pipe(Pipe)
        case file(String)
        /// Where standard output goes (for standard error).
        case standardOutput

        var stream: ChildSpawn.Stream {
            switch self {
            case .null: return .null
            case .pipe(let pipe): return .descriptor(pipe.fileHandleForWriting.fileDescriptor)
            case .file(let path): return .file(path)
            // The child's descriptor 1 is set before its 2.
            case .standardOutput: return .descriptor(1)
            }
        }
    }

    /// Its exit status once it has ended (reaped here), as `Process.terminationStatus` gives it:
    /// the exit code, or the number of the signal that ended it.
    private var status: Int32? {
        lock.withLock {
            if exit == nil {
                var raw: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(processIdentifier, &raw, WNOHANG) } while result == -1 && errno == EINTR
                if result == processIdentifier { exit = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : raw & 0x7F } else if result == -1 { exit = -1 }
            }
            return exit
        }
    }

    public var isRunning: Bool { status == nil }
    public var terminationStatus: Int32 { status ?? -1 }

    /// Waits for its end for at most `timeout`; its status, or nil if it still runs.
    @discardableResult
    public func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return status
    }

    /// SIGKILL, then its end collected.
    public func kill() {
        guard isRunning else { return }
        Glibc.kill(processIdentifier, SIGKILL)
        wait(timeout: 5)
    }
}
