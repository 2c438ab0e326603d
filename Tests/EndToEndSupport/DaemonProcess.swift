import Foundation
import TestSupport

/// The daemon, running in the background of a test, its output collected as it comes.
public final class DaemonProcess: @unchecked Sendable {
    public let process: ChildProcess
    private let out = LockedData()
    private let err = LockedData()

    /// `executable`: another program that runs the daemon (`/bin/sh -c 'exec "$0" "$@"'`).
    public convenience init(_ arguments: [String], environment: [String: String], executable: String = ProcessRunner.notifierPath) throws {
        try self.init(command: [executable] + arguments, environment: environment)
    }

    /// `command`: a whole argv, such as the daemon run as another user (`WaylandSession.asUser`).
    public init(command: [String], environment: [String: String]) throws {
        let stdout = Pipe()
        let stderr = Pipe()
        process = try ChildProcess(command[0], Array(command.dropFirst()), environment: environment, stdout: .pipe(stdout), stderr: .pipe(stderr))
        // Each pipe read on a thread of its own until its end, as `ProcessRunner` reads them. Not
        // `readabilityHandler`: its dispatch sources, many daemons' pipes at once in a parallel
        // run, crashed libdispatch's event loop in the test process (signal 11 in
        // `_dispatch_event_loop_drain`, a known fault of Foundation's handler on Linux).
        for (pipe, sink) in [(stdout, out), (stderr, err)] {
            Blocking.run {
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty { sink.append(chunk) }
            }
        }
    }

    public var stdout: String { String(decoding: out.get(), as: UTF8.self) }
    public var stderr: String { String(decoding: err.get(), as: UTF8.self) }

    /// Waits until `condition` holds: a readiness check on the daemon's output, not a schedule.
    public func waitUntil(timeout: Duration = .seconds(20), _ condition: (DaemonProcess) async -> Bool) async -> Bool {
        await eventually(timeout: timeout, every: .milliseconds(50)) { await condition(self) }
    }

    /// Whether SIGTERM is caught or ignored (handled by a dispatch source) yet, from
    /// /proc/PID/status; true, too, once it has ended: nothing is left to wait for.
    public var handlesSIGTERM: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return true }
        if status.contains("\nState:\tZ") { return true }
        let bit = UInt64(1) << UInt64(SIGTERM - 1)
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigCgt:") || line.hasPrefix("SigIgn:") else { return false }
            return (UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0) & bit != 0
        }
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Stops it with SIGTERM and returns its exit status; -1 (and SIGKILL) if it has not
    /// ended within `timeout`. Never `waitUntilExit`: under load it can miss the exit and spin on
    /// the zombie for good (seen: a full run hung 15 minutes on a daemon long gone).
    public func stop(timeout: TimeInterval = 30) async -> Int32 {
        // A daemon loads its config before it takes SIGTERM over; signalled in between (a
        // loaded machine: seen taking more than 5 s in CI), the default action kills it
        // (status 15). Its turn comes first.
        _ = await eventually(timeout: .seconds(60), every: .milliseconds(20)) { self.handlesSIGTERM }
        signal(SIGTERM)
        return await withCheckedContinuation { continuation in
            Blocking.run {
                let status = self.process.wait(timeout: timeout)
                if status == nil { self.process.kill() }
                continuation.resume(returning: status ?? -1)
            }
        }
    }
}
