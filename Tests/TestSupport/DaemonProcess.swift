import Foundation

/// The daemon, running in the background of a test, its output collected as it comes.
public final class DaemonProcess: @unchecked Sendable {
    public let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    /// `executable`: another program that runs the daemon (`/bin/sh -c 'exec "$0" "$@"'`).
    public init(_ arguments: [String], environment: [String: String], executable: String = ProcessRunner.notifierPath) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.out.append(data) }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.err.append(data) }
        }
        try process.run()
    }

    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Waits until `condition` holds: a readiness check on the daemon's output, not a schedule.
    public func waitUntil(timeout: Duration = .seconds(20), _ condition: (DaemonProcess) async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition(self)
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
                let status = KilledProcess.exitStatus(self.process, timeout: timeout)
                if status == -1 {
                    kill(self.process.processIdentifier, SIGKILL)
                    KilledProcess.awaitExit(self.process)
                }
                continuation.resume(returning: status)
            }
        }
    }
}
