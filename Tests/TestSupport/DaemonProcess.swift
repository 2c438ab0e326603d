import Foundation

/// The daemon, running in the background of a test, its output collected as it comes.
public final class DaemonProcess: @unchecked Sendable {
    public let process: ChildProcess
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    /// `executable`: another program that runs the daemon (`/bin/sh -c 'exec "$0" "$@"'`).
    public convenience init(_ arguments: [String], environment: [String: String], executable: String = ProcessRunner.notifierPath) throws {
        try self.init(command: [executable] + arguments, environment: environment)
    }

    /// `command`: a whole argv, such as the daemon run as another user (`WaylandSession.asUser`).
    public init(command: [String], environment: [String: String]) throws {
        let stdout = Pipe()
        let stderr = Pipe()
        process = try ChildProcess(command[0], Array(command.dropFirst()), environment: environment, stdout: .pipe(stdout), stderr: .pipe(stderr))
        // What it wrote before these are set waits in the pipes.
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.out.append(data) }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.err.append(data) }
        }
    }

    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Waits until `condition` holds: a readiness check on the daemon's output, not a schedule.
    public func waitUntil(timeout: Duration = .seconds(20), _ condition: (DaemonProcess) async -> Bool) async -> Bool {
        await eventually(timeout: timeout, every: .milliseconds(50)) { await condition(self) }
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Stops it with SIGTERM and returns its exit status; -1 (and SIGKILL) if it has not
    /// ended within `timeout`. Never `waitUntilExit`: under load it can miss the exit and spin on
    /// the zombie for good (seen: a full run hung 15 minutes on a daemon long gone).
    public func stop(timeout: TimeInterval = 30) async -> Int32 {
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
