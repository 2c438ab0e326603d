import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A local program run as an argv (never a shell), stdin from /dev/null, in a process group of
/// its own, with a time limit on all it started and a limit on its output; a status other than 0
/// is a failed poll, told with its stderr's first line.
public struct WatchCommandSource: Sendable {
    public var timeout: Duration
    public var maxOutputBytes: Int

    public init(timeout: Duration = .seconds(10), maxOutputBytes: Int = 8 << 20) {
        self.timeout = timeout
        self.maxOutputBytes = maxOutputBytes
    }

    public func run(_ argv: [String], feed: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Result<Data, FeedError> {
        let context = RequestContext(feed: feed, method: "RUN", url: argv.joined(separator: " "), urlKey: WatchHTTPSource.urlKey)
        guard let program = argv.first, let path = Self.locate(program, environment: environment) else {
            return .failure(.transport(context, detail: "cannot run \(argv.first ?? "nothing"): no such program (on PATH)"))
        }
        let outcome = await BoundedCommand.runOnItsOwnThread(
            [path] + argv.dropFirst(), environment: environment, timeout: timeout, outputLimit: maxOutputBytes)
        return Self.result(outcome, timeout: timeout, limit: maxOutputBytes, context: context)
    }

    static func locate(_ program: String, environment: [String: String]) -> String? {
        ProgramPath.locate(program, environment: environment)
    }

    /// The output, or why the run failed in the words of a failed poll.
    private static func result(
        _ ran: Result<BoundedCommand.Outcome, ChildSpawn.Failure>, timeout: Duration, limit: Int, context: RequestContext
    ) -> Result<Data, FeedError> {
        let outcome: BoundedCommand.Outcome
        switch ran {
        case .success(let value): outcome = value
        case .failure(let error): return .failure(.transport(context, detail: error.description))
        }
        let seconds = max(1, Int(timeout.components.seconds))
        let how: String
        switch outcome.end {
        case .exited(0): return .success(outcome.output)
        case .exited(let status): how = "exited with status \(status)"
        case .killedBySignal(let signal): how = "was killed by signal \(signal)"
        case .timedOut(programExited: false): return .failure(.timedOut(context, seconds: seconds))
        case .timedOut(programExited: true):
            return .failure(.transport(context, detail: "exited, but what it started still held its output after \(seconds) s; stopped"))
        case .tooMuchOutput: return .failure(.bodyTooLarge(context, limit: limit))
        case .stopped: return .failure(.cancelled(context))
        }
        let firstLine = String(decoding: outcome.errors, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return .failure(.transport(context, detail: firstLine.isEmpty ? how : "\(how): \(FeedText.quoted(firstLine, limit: 200))"))
    }
}
