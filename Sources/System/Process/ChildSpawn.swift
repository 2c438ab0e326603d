import CSpawn
import Foundation

/// Starts programs as an argv, never through a shell, the way a program started from a terminal
/// would be: every signal disposition at its default and no signal blocked (a watch's command,
/// forked into its own group, gets glibc's two internal signals at their defaults too; posix_spawn
/// leaves those ignored). Without that a child inherits what this process ignores or blocks across exec (the
/// daemon ignores SIGTERM, SIGINT and SIGHUP to handle them itself, a service manager may block
/// more), so a view opened by a click would not stop on Ctrl-C, nor `timeout` stop what a watch's
/// command runs. Only descriptors 0–2 pass to the child. Every program the notifier starts goes
/// through here (watches' commands, the terminal or opener a click starts).
public enum ChildSpawn {
    /// Where one of the child's standard descriptors leads.
    public enum Stream: Sendable {
        case null
        /// A descriptor of this process, duplicated into the child (a pipe's end).
        case descriptor(Int32)
        /// A file, created or truncated for output, read for input.
        case file(String)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let program: String
        public let code: Int32
        public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    public static func start(
        _ argv: [String], environment: [String: String], stdin: Stream = .null,
        stdout: Stream = .null, stderr: Stream = .null, ownProcessGroup: Bool = false
    ) throws(Failure) -> pid_t {
        precondition(!argv.isEmpty, "an argv names its program")
        // posix_spawn does not copy this process as fork does; only a command that needs its own
        // group (and glibc's two internal signals at their defaults) pays for the fork.
        if !ownProcessGroup { return try spawn(argv, environment: environment, streams: [stdin, stdout, stderr]) }
        let paths = [stdin, stdout, stderr].map { stream -> UnsafeMutablePointer<CChar>? in
            switch stream {
            case .null: return strdup("/dev/null")
            case .file(let path): return strdup(path)
            case .descriptor: return nil
            }
        }
        defer { for path in paths { free(path) } }
        var streams = [stdin, stdout, stderr].enumerated().map { target, stream in
            switch stream {
            case .descriptor(let source): return cspawn_stream(descriptor: source, path: nil, flags: 0)
            case .null: return cspawn_stream(descriptor: -1, path: paths[target], flags: target == 0 ? O_RDONLY : O_WRONLY)
            case .file: return cspawn_stream(descriptor: -1, path: paths[target], flags: target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC)
            }
        }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        var pid: pid_t = -1
        var code: Int32 = 0
        // ETXTBSY: a program just written may still be open for writing in another process for
        // a moment (a fork elsewhere inherited the descriptor); it passes.
        for _ in 0..<20 {
            pid = cspawn_start(argv[0], cArguments, cEnvironment, &streams, ownProcessGroup ? 1 : 0, &code)
            if pid >= 0 || code != ETXTBSY { break }
            usleep(50_000)
        }
        guard pid >= 0 else { throw Failure(program: argv[0], code: code) }
        return pid
    }

    /// The exit code, or 128 + the signal that ended it, as a shell reports it; nil while it runs.
    public static func status(_ pid: pid_t, wait: Bool) -> Int32? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, wait ? 0 : WNOHANG) } while result == -1 && errno == EINTR
        guard result == pid else { return nil }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func spawn(_ argv: [String], environment: [String: String], streams: [Stream]) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in zip([Int32(0), 1, 2], streams) {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
        }
        // A descriptor closed since it was listed is passed over by glibc's posix_spawn.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap(Int32.init) ?? []
        for descriptor in open where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        var pid: pid_t = 0
        var result: Int32 = 0
        for _ in 0..<20 {
            result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
            if result != ETXTBSY { break }
            usleep(50_000)
        }
        guard result == 0 else { throw Failure(program: argv[0], code: result) }
        return pid
    }
}
