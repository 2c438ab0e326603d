import Foundation
import Logging

/// A flag set once, read from any task.
public final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    public init() {}
    public func set() { lock.withLock { value = true } }
    public var isSet: Bool { lock.withLock { value } }
}

/// One line a test's logger received.
public struct LogLine: Sendable {
    public let level: Logger.Level
    public let message: String
    public var isProblem: Bool { level >= .warning }
}

/// What the daemon logged, in order.
public final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [LogLine] = []
    public init() {}
    public func append(_ line: LogLine) { lock.withLock { lines.append(line) } }
    public var all: [LogLine] { lock.withLock { lines } }
    public var count: Int { lock.withLock { lines.count } }
    public func failures(of feed: String) -> [String] {
        all.filter { $0.isProblem && $0.message.hasPrefix("\(feed) feed:") }.map(\.message)
    }
}

/// A logger's handler that keeps every line in `lines`.
public struct CapturingLogHandler: LogHandler {
    public let lines: LogLines
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    public init(lines: LogLines) { self.lines = lines }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        lines.append(LogLine(level: event.level, message: "\(event.message)"))
    }
}

extension Duration {
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
