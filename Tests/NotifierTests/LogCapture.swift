import Foundation
import Logging

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

struct LogLine: Sendable {
    let level: Logger.Level
    let message: String
    var isProblem: Bool { level >= .warning }
}

/// What the daemon logged, in order.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [LogLine] = []
    func append(_ line: LogLine) { lock.withLock { lines.append(line) } }
    var all: [LogLine] { lock.withLock { lines } }
    var count: Int { lock.withLock { lines.count } }
    func failures(of feed: String) -> [String] {
        all.filter { $0.isProblem && $0.message.hasPrefix("\(feed) feed:") }.map(\.message)
    }
}

struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append(LogLine(level: event.level, message: "\(event.message)"))
    }
}

extension Duration {
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
