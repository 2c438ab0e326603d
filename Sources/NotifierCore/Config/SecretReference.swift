import Foundation
import NotifierEngine
import NotifierSystem

/// `${env:NAME}` and `${file:PATH}` in a watch's headers or URL, or a channel's secrets: the secret stays where it is
/// kept (the environment, a file of its own) and only the reference is in the config, so that
/// `config check`, logs, errors and the store never see it. Resolved at each fetch.
package enum SecretReference {
    package enum Part: Equatable {
        case text(String)
        case env(String)
        case file(String)
    }

    /// The text split into literal runs and references; a problem with a `${…}` that is not one.
    package static func parts(_ text: String) -> Result<[Part], ReferenceProblem> {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                return .failure(ReferenceProblem(message: "has a \"${\" without its \"}\"; write ${env:NAME} or ${file:PATH}"))
            }
            let inner = rest[open.upperBound..<close]
            if inner.hasPrefix("env:"), let name = Optional(String(inner.dropFirst(4))),
                !name.isEmpty, name.utf8.allSatisfy({ $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            {
                parts.append(.env(name))
            } else if inner.hasPrefix("file:"), inner.count > 5 {
                parts.append(.file(String(inner.dropFirst(5))))
            } else {
                return .failure(ReferenceProblem(message: "has ${\(inner.prefix(40))}, which is not ${env:NAME} or ${file:PATH}"))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return .success(parts)
    }

    package struct ReferenceProblem: Error, Equatable {
        package var message: String
        package init(message: String) { self.message = message }
    }

    /// The text with each reference replaced by its secret; the problem names the reference,
    /// never a secret.
    package static func resolve(
        _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) -> Result<String, ReferenceProblem> {
        switch parts(text) {
        case .failure(let problem): return .failure(problem)
        case .success(let parts):
            var resolved = ""
            for part in parts {
                switch part {
                case .text(let text): resolved += text
                case .env(let name):
                    guard let value = environment[name], !value.isEmpty else {
                        return .failure(ReferenceProblem(message: "names ${env:\(name)}, but the environment variable \(name) is not set"))
                    }
                    Redaction.remember(secret: value)
                    resolved += value
                case .file(let path):
                    let full = expanded(path, home: home)
                    guard let handle = FileHandle(forReadingAtPath: full), let data = try? handle.read(upToCount: 64 << 10) else {
                        return .failure(ReferenceProblem(message: "names ${file:\(path)}, which cannot be read (no such file, or no permission)"))
                    }
                    try? handle.close()
                    let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    Redaction.remember(secret: value)
                    resolved += value
                }
            }
            // A secret that would break the header line (or inject another) is refused.
            guard !resolved.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0.value == 0 }) else {
                return .failure(ReferenceProblem(message: "resolves to text with a line break, which a header cannot hold"))
            }
            return .success(resolved)
        }
    }

    /// The files its references name, as paths to stat.
    package static func files(in text: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> [String] {
        guard case .success(let parts) = parts(text) else { return [] }
        return parts.compactMap { if case .file(let path) = $0 { expanded(path, home: home) } else { nil } }
    }

    /// Whether it names any secret.
    package static func hasReferences(_ text: String) -> Bool {
        guard case .success(let parts) = parts(text) else { return false }
        return parts.contains { if case .text = $0 { false } else { true } }
    }

    /// For `config check`: references as written, literal text masked where it may be a secret.
    package static func masked(_ text: String, literalsAreSecret: Bool) -> String {
        guard literalsAreSecret, case .success(let parts) = parts(text) else { return text }
        return parts.map { part in
            switch part {
            case .env(let name): return "${env:\(name)}"
            case .file(let path): return "${file:\(path)}"
            case .text(let literal):
                // "Bearer " and "token " say how, not what: kept, the rest masked.
                guard let scheme = literal.range(of: #"^[A-Za-z]+ "#, options: .regularExpression) else { return "***" }
                return literal[scheme] + (literal[scheme.upperBound...].isEmpty ? "" : "***")
            }
        }.joined()
    }

    package static func expanded(_ path: String, home: String?) -> String {
        if path.hasPrefix("~/"), let home { return home + path.dropFirst(1) }
        return path
    }

    /// A file others can read holds a secret: worth a warning.
    package static func exposedFiles(in text: String) -> [String] {
        files(in: text).filter { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & 0o044 != 0
        }
    }
}
