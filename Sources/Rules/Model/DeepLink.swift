import Foundation

/// Where a click leads: a detail view of the program, as validated arguments. It is only ever
/// run as an argv, never through a shell, and every argument is checked when it is built.
///
/// The views of feeds are `LinkedView`s, each declared in its feed's folder and listed by the
/// rules that link to it (`Rule.linkedViews`); `list` and `history` are the program's own.
public struct DeepLink: Codable, Sendable, Equatable, CustomStringConvertible {
    /// A view's name, as in `notifier://<name>/…`; stored as its bare string.
    public struct View: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public var description: String { rawValue }

        /// A list view, `notifier list <argument>`: "crypto".
        public static let list = View(rawValue: "list")
        /// The ledger of delivered notifications; the argument is "all" or a group's id.
        public static let history = View(rawValue: "history")
        /// One feed's status screen, `notifier open feed <name>`.
        public static let feed = View(rawValue: "feed")
    }

    public var view: View
    public var argument: String

    /// `nil` when the catalog has no such view or the argument is not a valid subject for it.
    public init?(view: View, argument: String, in catalog: LinkCatalog) {
        guard let linked = catalog[view.rawValue], linked.isValid(argument) else { return nil }
        self.view = view
        self.argument = argument
    }

    /// `nil` when the argument is not a valid subject for the view.
    public init?(_ linked: LinkedView, argument: String) {
        guard linked.isValid(argument) else { return nil }
        self.view = linked.view
        self.argument = argument
    }

    /// `nil` unless `view` is 1–40 lowercase ASCII letters, digits and underscores.
    public static func list(_ view: String) -> DeepLink? {
        DeepLink(.list, argument: view)
    }

    public static let history = DeepLink(validated: .history, argument: "all")

    /// The notifications a group or a summary stood for: `notifier history --group ID`.
    public static func history(group id: String) -> DeepLink? {
        HistoryGroupID.isValid(id) ? DeepLink(validated: .history, argument: id) : nil
    }

    /// A feed's status screen; `nil` unless `name` is 1–40 lowercase ASCII letters, digits and underscores.
    public static func feed(_ name: String) -> DeepLink? {
        DeepLink(.feed, argument: name)
    }

    /// The group's id when this is a link to a group's history.
    public var historyGroup: String? {
        view == .history && argument != "all" ? argument : nil
    }

    /// For constants whose argument is known to be valid.
    package init(validated view: View, argument: String) {
        self.view = view
        self.argument = argument
    }

    public enum URLError: Error, Equatable, CustomStringConvertible {
        case notNotifierURL
        case malformed(String)
        case unknownView(String, views: [String])
        case invalidArgument(view: String)

        public var description: String {
            switch self {
            case .notNotifierURL: return "not a notifier:// link"
            case .malformed(let why): return "not a valid notifier:// link: \(why)"
            case .unknownView(let view, let views): return "no view called '\(view)'; views: \(views.joined(separator: ", "))"
            case .invalidArgument(let view): return "not a valid subject for the \(view) view"
            }
        }
    }

    /// Parses `notifier://country/KZ` strictly: ASCII only, no query, fragment, percent-encoding,
    /// empty or extra path segments; the view looked up in `catalog` and the subject checked as
    /// that view requires.
    public init(url text: String, in catalog: LinkCatalog) throws(URLError) {
        guard text.utf8.count <= 100 else { throw .malformed("longer than 100 characters") }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .malformed("only printable ASCII without spaces is allowed")
        }
        let prefix = "notifier://"
        guard text.lowercased().hasPrefix(prefix) else { throw .notNotifierURL }
        let rest = text.dropFirst(prefix.count)
        for forbidden in ["?", "#", "%", "\\", "@", ":"] where rest.contains(forbidden) {
            throw .malformed("'\(forbidden)' is not allowed")
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let viewName = segments.first, !viewName.isEmpty else { throw .malformed("no view") }
        if viewName == View.history.rawValue {
            if segments.count == 1 {
                self = .history
                return
            }
            guard segments.count == 2, let group = DeepLink.history(group: segments[1]) else {
                throw .malformed("history takes no subject, or a group's id")
            }
            self = group
            return
        }
        guard segments.count == 2, !segments[1].isEmpty else { throw .malformed("expected notifier://VIEW/SUBJECT") }
        guard let linked = catalog[viewName], linked.view != .history else { throw .unknownView(viewName, views: catalog.names) }
        guard let link = DeepLink(linked, argument: segments[1]) else { throw .invalidArgument(view: viewName) }
        self = link
    }

    /// The arguments after the program's name: `open country KZ`, `list crypto_moves`, `history`.
    /// Every feed's view is an `open` subcommand.
    public var arguments: [String] {
        switch view {
        case .list: return [view.rawValue, argument]
        case .history: return argument == "all" ? [view.rawValue] : [view.rawValue, "--group", argument]
        default: return ["open", view.rawValue, argument]
        }
    }

    /// The command a user can type: `notifier open country KZ`.
    public var command: String { (["notifier"] + arguments).joined(separator: " ") }

    /// `notifier://country/KZ`, `notifier://list/crypto_moves`, `notifier://history`.
    public var url: String {
        view == .history && argument == "all" ? "notifier://\(view.rawValue)" : "notifier://\(view.rawValue)/\(argument)"
    }

    public var description: String { command }
}

/// The id of a group or summary in the history: when it was made (seconds since 1970, base 36),
/// then a hash of its members, such as `t8k2zq-0a1b2c3d`; so a link names one group for good.
public enum HistoryGroupID {
    public static func make(members: [String], at now: Date) -> String {
        var hash: UInt32 = 2_166_136_261 // FNV-1a: stable across runs, unlike Hasher
        for byte in members.joined(separator: "\n").utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let seconds = max(0, Int(now.timeIntervalSince1970.rounded(.down)))
        let hex = String(hash, radix: 16)
        return String(seconds, radix: 36) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// 1–16 lowercase letters or digits, a dash, 8 lowercase hex digits.
    public static func isValid(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...16).contains(parts[0].utf8.count), parts[1].utf8.count == 8 else { return false }
        return parts[0].utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
            && parts[1].utf8.allSatisfy { (0x61...0x66).contains($0) || (0x30...0x39).contains($0) }
    }
}
