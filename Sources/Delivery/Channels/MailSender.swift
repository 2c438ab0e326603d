import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A channel's notification as one plain-text mail (RFC 5322), through `MailTransfer`.
package struct MailSender: Sendable {
    package var environment: [String: String]
    package var now: @Sendable () -> Date = { Date() }

    package func send(_ message: ChannelMessage, _ channel: ChannelSettings) async -> Result<String, ChannelSender.Failure> {
        var password: String?
        if !channel.password.isEmpty {
            switch SecretReference.resolve(channel.password, environment: environment, home: environment["HOME"]) {
            case .success(let value): password = value
            case .failure(let problem): return .failure(ChannelSender.Failure(description: "password \(problem.message)"))
            }
        }
        let mail = MailTransfer.Mail(
            server: channel.email, from: channel.from, to: channel.to, user: channel.user.isEmpty ? nil : channel.user, password: password,
            message: Self.message(message, from: channel.from, to: channel.to, date: now()))
        if let failure = await MailTransfer.send(mail) { return .failure(ChannelSender.Failure(description: failure)) }
        return .success("the mail server took it for \(channel.to)")
    }

    package static func message(_ message: ChannelMessage, from: String, to: String, date: Date) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let priority = message.urgency == .critical ? ["X-Priority: 1", "Importance: high"] : []
        let lines =
            [
                "Date: \(formatter.string(from: date))",
                "From: notifier <\(from)>",
                "To: <\(to)>",
                "Subject: \(ChannelMessage.headerText(message.title))",
                "Message-ID: <\(message.sequenceID).\(Int(date.timeIntervalSince1970))@notifier>",
                "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: 8bit",
            ] + priority + [""]
            // As written: libcurl dot-stuffs what it uploads over SMTP (RFC 5321 4.5.2) itself.
            + message.text.components(separatedBy: .newlines)
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}
