import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Readable lines on standard output, ending with the command the notification links to.
package struct TerminalSink: AlertSink {
    package let name = "terminal"
    package let style: TerminalStyle

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        try StandardOutput.write(Self.render(alert, style: style))
    }

    package static func render(_ alert: Alert, style: TerminalStyle) -> String {
        var text = style.bold(TextSanitizer.singleLine(alert.title)) + "\n"
        for line in TextSanitizer.printable(alert.body).split(separator: "\n", omittingEmptySubsequences: false) {
            text += "  \(line)\n"
        }
        text += "  " + style.dim("→ \(alert.deepLink.command)") + "\n"
        return TerminalStyle.terminalText(text)
    }
}

/// One JSON object a line: time, rule, key, title, body, urgency, deep link.
package struct JSONLinesSink: AlertSink {
    package let name = "json"

    package struct Line: Encodable {
        package var time: String
        package var rule: String
        package var key: String
        package var title: String
        package var body: String
        package var urgency: String
        package var deep_link: String
        package var url: String
    }

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        try StandardOutput.write(Self.render(alert, at: time))
    }

    package static func render(_ alert: Alert, at time: Date) -> String {
        let line = Line(
            time: RelativeTime.iso(time), rule: alert.rule, key: alert.key, title: alert.title, body: alert.body,
            urgency: alert.urgency.rawValue, deep_link: alert.deepLink.command, url: alert.deepLink.url)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings cannot fail.
        let data = (try? encoder.encode(line)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
