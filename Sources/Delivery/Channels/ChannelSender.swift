import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Sends one message to one `[[channels]]` entry: ntfy and e-mail through libcurl, Apprise
/// through the `apprise` program, a command as an argv. Returns what the server answered, or
/// why it failed, in words that never hold a secret.
package struct ChannelSender: Sendable {
    package static let shared = ChannelSender(http: HTTPClient())
    package let http: HTTPClient
    package var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Bounds a command or `apprise` run: a channel never holds delivery up for long.
    package var commandTimeout: Duration = .seconds(30)

    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var description: String

        /// Whatever said it (a server's error text, a program's output), it holds no secret.
        package init(description: String) { self.description = Redaction.scrub(description) }
    }

    package func send(_ message: ChannelMessage, via channel: ChannelSettings) async -> Result<String, Failure> {
        let answer: Result<String, Failure>
        switch channel.kind {
        case .ntfy: answer = await sendNtfy(message, channel)
        case .email: answer = await MailSender(environment: environment).send(message, channel)
        case .apprise: answer = await sendApprise(message, channel)
        case .command: answer = await sendCommand(message, channel)
        }
        return answer.map(Redaction.scrub)
    }

    private func resolved(_ text: String, _ key: String) -> Result<String, Failure> {
        SecretReference.resolve(text, environment: environment, home: environment["HOME"]).mapError { Failure(description: "\(key) \($0.message)") }
    }

    private func sendNtfy(_ message: ChannelMessage, _ channel: ChannelSettings) async -> Result<String, Failure> {
        var headers: [(name: String, value: String)] = [
            ("Title", ChannelMessage.headerText(message.title)),
            ("Priority", "\(message.ntfyPriority)"),
            ("Tags", message.tags.map(ChannelMessage.headerText).joined(separator: ",")),
            ("X-Sequence-ID", message.sequenceID),
            ("Content-Type", "text/plain; charset=utf-8"),
        ]
        if let page = message.webPage { headers.append(("Click", ChannelMessage.headerText(page))) }
        let proof = channel.acknowledgeSeal?.proof(acknowledging: message.sequenceID)
        if let actions = message.ntfyActions(acknowledgeVia: channel.acknowledgeVia, proof: proof) { headers.append(("Actions", actions)) }
        return await ntfy(.post, channel, headers: headers, body: Data(message.text.utf8)).flatMap { response in
            let answer = Self.ntfyAnswer(response)
            guard (200..<300).contains(response.status) else { return .failure(Failure(description: "ntfy answered \(answer)")) }
            return .success("ntfy answered \(answer)")
        }
    }

    /// ntfy's clear of a message by its sequence id (`PUT <topic>/<id>/clear`): the phone's
    /// notification goes away once its subject resolved. `nil` for channels that cannot.
    package func clear(sequenceID: String, via channel: ChannelSettings) async -> Result<String, Failure>? {
        guard channel.kind == .ntfy else { return nil }
        return await ntfy(.put, channel, path: sequenceID + "/clear", headers: [], body: Data()).flatMap { response in
            let answer = "ntfy answered \(response.status)"
            return (200..<300).contains(response.status) ? .success(answer) : .failure(Failure(description: answer))
        }
    }

    /// One request to the channel's topic (`path` below it): its URL and credentials resolved
    /// here, never kept; the server's error answers returned, not thrown.
    private func ntfy(
        _ method: HTTPRequest.Method, _ channel: ChannelSettings, path: String? = nil, headers: [(name: String, value: String)], body: Data
    ) async -> Result<HTTPResponse, Failure> {
        let url: String
        switch resolved(channel.ntfy, "ntfy") {
        case .success(let value): url = path.map { value.hasSuffix("/") ? value + $0 : value + "/" + $0 } ?? value
        case .failure(let failure): return .failure(failure)
        }
        var headers = headers
        switch authorization(channel) {
        case .success(let auth): headers += auth
        case .failure(let failure): return .failure(failure)
        }
        var request = HTTPRequest(method: method, url: url, headers: headers, body: body)
        request.returnsErrorResponses = true
        do throws(FeedError) {
            return .success(try await http.send(request, feed: "channel \(channel.name)", urlKey: "ntfy"))
        } catch {
            return .failure(Failure(description: Redaction.maskSecrets(in: "\(error.cause)")))
        }
    }

    /// ntfy's `Authorization`: a token (Bearer), or user and password (Basic); resolved here,
    /// never kept.
    private func authorization(_ channel: ChannelSettings) -> Result<[(name: String, value: String)], Failure> {
        if !channel.token.isEmpty {
            return resolved(channel.token, "token").map { [("Authorization", "Bearer \($0)")] }
        }
        if !channel.user.isEmpty {
            return resolved(channel.password, "password").map {
                let credentials = Data("\(channel.user):\($0)".utf8).base64EncodedString()
                Redaction.remember(secret: credentials)
                return [("Authorization", "Basic " + credentials)]
            }
        }
        return .success([])
    }

    /// "200 OK, message id abc123" or "403: the server's own error text".
    package static func ntfyAnswer(_ response: HTTPResponse) -> String {
        let object = (try? JSONSerialization.jsonObject(with: response.body.prefix(64 << 10))) as? [String: Any]
        if let id = object?["id"] as? String { return "\(response.status), message id \(FeedText.quoted(id, limit: 40))" }
        if let error = object?["error"] as? String { return "\(response.status): \(FeedText.quoted(error, limit: 200))" }
        return "\(response.status)"
    }

    private func sendApprise(_ message: ChannelMessage, _ channel: ChannelSettings) async -> Result<String, Failure> {
        let url: String
        switch resolved(channel.apprise, "apprise") {
        case .success(let value): url = value
        case .failure(let failure): return .failure(failure)
        }
        guard let program = ProgramPath.locate("apprise", environment: environment) else {
            return .failure(Failure(description: "the apprise program is not installed (Debian: apt install apprise)"))
        }
        // The URL carries the service's token: handed over in the environment, never in argv,
        // which every user of the machine can read.
        var environment = self.environment
        environment["APPRISE_URLS"] = url
        let type = message.urgency == .critical ? "failure" : "info"
        let argv = [program, "--title", message.title, "--body", message.text, "--notification-type", type]
        return await run(argv, environment: environment, what: "apprise")
    }

    private func sendCommand(_ message: ChannelMessage, _ channel: ChannelSettings) async -> Result<String, Failure> {
        guard let first = channel.command.first, let program = ProgramPath.locate(first, environment: environment) else {
            return .failure(Failure(description: "command \(channel.command.first.map(\.tomlQuoted) ?? "") is not an executable found on PATH"))
        }
        let argv = [program] + Self.commandArguments(channel.command.dropFirst(), for: message)
        return await run(argv, environment: environment, what: "the command")
    }

    /// Each argument with `{title}`, `{body}`, `{link}` and `{urgency}` filled in, in one pass:
    /// what a value brings (an alert's text may hold `{urgency}`) is never read as a field.
    package static func commandArguments(_ template: some Sequence<String>, for message: ChannelMessage) -> [String] {
        let values = ["{title}": message.title, "{body}": message.body, "{link}": message.link, "{urgency}": message.urgency.rawValue]
        return template.map { argument in
            var filled = ""
            var rest = Substring(argument)
            while let open = rest.firstIndex(of: "{") {
                filled += rest[..<open]
                rest = rest[open...]
                if let (field, value) = values.first(where: { rest.hasPrefix($0.key) }) {
                    filled += value
                    rest = rest.dropFirst(field.count)
                } else {
                    filled += "{"
                    rest = rest.dropFirst()
                }
            }
            return filled + rest
        }
    }

    private func run(_ argv: [String], environment: [String: String], what: String) async -> Result<String, Failure> {
        let ran = await BoundedCommand.runOnItsOwnThread(argv, environment: environment, timeout: commandTimeout, outputLimit: 64 << 10)
        return Self.answer(ran, timeout: commandTimeout, what: what)
    }

    /// What the program said, or why it failed, in one line that holds no secret.
    private static func answer(_ ran: Result<BoundedCommand.Outcome, ChildSpawn.Failure>, timeout: Duration, what: String) -> Result<String, Failure> {
        let outcome: BoundedCommand.Outcome
        switch ran {
        case .success(let value): outcome = value
        case .failure(let error): return .failure(Failure(description: "\(what) could not start: \(error.description)"))
        }
        let said = String(decoding: outcome.errors + outcome.output, as: UTF8.self)
            .split(whereSeparator: \.isNewline).last.map { FeedText.quoted(String($0), limit: 200) }
        switch outcome.end {
        case .exited(0): return .success("\(what) exited with status 0" + (said.map { ": \($0)" } ?? ""))
        case .exited(let status): return .failure(Failure(description: "\(what) exited with status \(status)" + (said.map { ": \($0)" } ?? "")))
        case .killedBySignal(let signal): return .failure(Failure(description: "\(what) was killed by signal \(signal)"))
        case .timedOut: return .failure(Failure(description: "\(what) ran longer than \(timeout.components.seconds) s; stopped"))
        case .tooMuchOutput: return .failure(Failure(description: "\(what) wrote more than 64 KiB; stopped"))
        case .stopped: return .failure(Failure(description: "\(what) was stopped"))
        }
    }
}
