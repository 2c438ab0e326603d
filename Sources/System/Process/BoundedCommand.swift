import Foundation

/// One run of a program in a process group of its own, read to the end within one bound of wall
/// time. The bound covers everything the program started: a child of it that keeps the output
/// open (or lives on detached) is killed with the group at the bound, and the group is killed
/// when the run ends in any way, so nothing a poll started outlives the poll.
public enum BoundedCommand {
    public struct Outcome: Sendable, Equatable {
        public enum End: Sendable, Equatable {
            /// The exit code.
            case exited(Int32)
            case killedBySignal(Int32)
            /// Still running, or its output still held open by what it started, at the bound.
            case timedOut(programExited: Bool)
            /// Its output went past the limit.
            case tooMuchOutput
            case stopped
        }

        public var end: End
        public var output: Data
        public var errors: Data
    }

    /// Runs `argv` (`argv[0]` a path) with stdin from /dev/null. Blocks up to `timeout` (plus
    /// the moment a kill takes); `stop` ends it early, as at the daemon's shutdown.
    public static func run(
        _ argv: [String], environment: [String: String], timeout: Duration, outputLimit: Int, errorLimit: Int = 64 << 10,
        stop: CommandStop = CommandStop()
    ) throws(ChildSpawn.Failure) -> Outcome {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&outputPipe) else { throw ChildSpawn.Failure(program: argv[0], code: errno) }
        guard Self.closeOnExecPipe(&errorPipe) else {
            close(outputPipe[0])
            close(outputPipe[1])
            throw ChildSpawn.Failure(program: argv[0], code: errno)
        }
        let pid: pid_t
        do {
            pid = try ChildSpawn.start(
                argv, environment: environment, stdout: .descriptor(outputPipe[1]), stderr: .descriptor(errorPipe[1]), ownProcessGroup: true)
        } catch {
            for descriptor in outputPipe + errorPipe { close(descriptor) }
            throw error
        }
        close(outputPipe[1])
        close(errorPipe[1])
        stop.started(group: pid)
        var streams = [Stream(descriptor: outputPipe[0], limit: outputLimit), Stream(descriptor: errorPipe[0], limit: errorLimit)]
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var end: Outcome.End?
        var programExited = false
        while end == nil {
            let left = ContinuousClock.now.duration(to: deadline)
            if stop.isStopped {
                end = .stopped
            } else if left <= .zero {
                end = .timedOut(programExited: programExited || hasExited(pid))
            } else if streams.allSatisfy(\.closed) {
                // Its output is done; the program may still be finishing.
                if hasExited(pid) { break }
                usleep(10_000)
            } else {
                waitForOutput(&streams, milliseconds: min(Self.milliseconds(left), 250))
                if streams[0].exceeded { end = .tooMuchOutput }
                programExited = programExited || hasExited(pid)
            }
        }
        // Not yet reaped, so the group's id is still this run's: nothing else can hold it.
        killpg(pid, SIGKILL)
        stop.ended()
        for stream in streams where !stream.closed { close(stream.descriptor) }
        let status = ChildSpawn.status(pid, wait: true) ?? 0
        let finalEnd = end ?? (status >= 128 ? .killedBySignal(status - 128) : .exited(status))
        return Outcome(end: finalEnd, output: streams[0].data, errors: streams[1].data)
    }

    /// A pipe no other program started meanwhile inherits (pipe2 is not in Glibc's Swift module;
    /// every spawn here closes what it does not pass, so the moment between is harmless).
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Whether the program has ended, without reaping it (its pid stays its group's id).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return result == 0 && info.si_signo == SIGCHLD
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    private struct Stream {
        let descriptor: Int32
        let limit: Int
        var data = Data()
        var closed = false
        var exceeded = false
    }

    /// Waits up to `milliseconds` for any open stream to have bytes or its end, and reads them.
    private static func waitForOutput(_ streams: inout [Stream], milliseconds: Int32) {
        let open = streams.indices.filter { !streams[$0].closed }
        var descriptors = open.map { pollfd(fd: streams[$0].descriptor, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        for (slot, index) in open.enumerated() where descriptors[slot].revents != 0 {
            let got = read(streams[index].descriptor, &chunk, chunk.count)
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else {
                close(streams[index].descriptor)
                streams[index].closed = true
                continue
            }
            if streams[index].data.count + got > streams[index].limit {
                streams[index].exceeded = true
                let room = streams[index].limit - streams[index].data.count
                streams[index].data.append(contentsOf: chunk[0..<max(0, room)])
                // Stderr past its limit is only cut: what it says first is what is told.
                if index != 0 { continue }
                return
            }
            streams[index].data.append(contentsOf: chunk[0..<got])
        }
    }
}

/// Stops a running command from another thread: a cancelled poll, the daemon's shutdown.
public final class CommandStop: @unchecked Sendable {
    private let lock = NSLock()
    private var group: pid_t?
    private var stopped = false

    public init() {}

    var isStopped: Bool { lock.withLock { stopped } }

    /// Kills the command's process group now, or as soon as it has one.
    public func stop() {
        lock.withLock {
            stopped = true
            if let group { killpg(group, SIGKILL) }
        }
    }

    func started(group: pid_t) {
        lock.withLock {
            self.group = group
            if stopped { killpg(group, SIGKILL) }
        }
    }

    /// The group is about to be reaped: its id is no longer this command's to kill.
    func ended() {
        lock.withLock { group = nil }
    }
}
