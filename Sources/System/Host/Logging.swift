import Foundation
import Logging

/// Short, greppable lines on standard error: `notifier warning: countries feed: GET … timed out`.
package struct StderrLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    package let label: String

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = "\(label) \(event.level): \(event.message)\(fields)\n"
        FileHandle.standardError.write(text: TextSanitizer.printable(Redaction.scrub(text)))
    }
}

package enum LogSetup {
    package static func makeLogger(verbose: Bool, quiet: Bool) -> Logger {
        let level: Logger.Level = verbose ? .debug : quiet ? .error : .info
        return Logger(label: "notifier") { label in StderrLogHandler(logLevel: level, label: label) }
    }
}
