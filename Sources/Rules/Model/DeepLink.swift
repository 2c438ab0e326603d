import Foundation

/// Where a click leads: a detail view of the program, as validated arguments. It is only ever
/// run as an argv, never through a shell, and every argument is checked when it is built.
public struct DeepLink: Codable, Sendable, Equatable, CustomStringConvertible {
    public enum View: String, Codable, Sendable, CaseIterable {
        case country
        /// One coin; the argument is its ticker symbol.
        case crypto
        /// A list view, `notifier list <argument>`: "crypto".
        case list
        /// The ledger of delivered notifications; the argument is always "all".
        case history
        /// The events of one day of the Estonian calendar; the argument is "YYYY-MM-DD".
        case holiday
        /// The week around a date; the argument is YYYY-MM-DD.
        case week
        /// A place's forecast; the argument is the place's ASCII slug ("Tallinn", "Sao-Paulo").
        case forecast
    }

    public var view: View
    public var argument: String

    /// `nil` when the argument is not a valid subject for the view.
    public init?(view: View, argument: String) {
        guard Self.isValid(argument, for: view) else { return nil }
        self.view = view
        self.argument = argument
    }

    public static func country(_ cca2: String) -> DeepLink? {
        DeepLink(view: .country, argument: cca2.uppercased())
    }

    /// `nil` unless the symbol is 1–12 ASCII letters and digits.
    public static func crypto(_ symbol: String) -> DeepLink? {
        DeepLink(view: .crypto, argument: symbol.uppercased())
    }

    /// `nil` unless `view` is 1–40 lowercase ASCII letters, digits and underscores.
    public static func list(_ view: String) -> DeepLink? {
        DeepLink(view: .list, argument: view)
    }

    public static let history = DeepLink(validated: .history, argument: "all")

    /// `notifier open holiday 2026-12-24`: every event of that date.
    public static func holiday(_ date: HolidayDate) -> DeepLink {
        DeepLink(validated: .holiday, argument: date.description)
    }

    /// `notifier open forecast Tallinn`; `nil` for a name with no letters or digits.
    public static func forecast(_ place: String) -> DeepLink? {
        DeepLink(view: .forecast, argument: ForecastPlace.slug(place))
    }

    /// For constants whose argument is known to be valid.
    private init(validated view: View, argument: String) {
        self.view = view
        self.argument = argument
    }

    public enum URLError: Error, Equatable, CustomStringConvertible {
        case notNotifierURL
        case malformed(String)
        case unknownView(String)
        case invalidArgument(view: String)

        public var description: String {
            switch self {
            case .notNotifierURL: return "not a notifier:// link"
            case .malformed(let why): return "not a valid notifier:// link: \(why)"
            case .unknownView(let view): return "no view called '\(view)'; views: country, crypto, holiday, week, forecast, list, history"
            case .invalidArgument(let view): return "not a valid subject for the \(view) view"
            }
        }
    }

    /// Parses `notifier://country/KZ` strictly: ASCII only, no query, fragment, percent-encoding,
    /// empty or extra path segments; the subject checked as its view requires.
    public init(url text: String) throws(URLError) {
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
        if viewName == "history" {
            guard segments.count == 1 else { throw .malformed("history takes no subject") }
            self = .history
            return
        }
        guard segments.count == 2, !segments[1].isEmpty else { throw .malformed("expected notifier://VIEW/SUBJECT") }
        guard let view = View(rawValue: viewName), view != .history else { throw .unknownView(viewName) }
        guard let link = DeepLink(view: view, argument: segments[1]) else { throw .invalidArgument(view: viewName) }
        self = link
    }

    /// The arguments after the program's name: `open country KZ`, `list crypto_moves`, `history`.
    public var arguments: [String] {
        switch view {
        case .country, .crypto, .holiday, .week, .forecast: return ["open", view.rawValue, argument]
        case .list: return [view.rawValue, argument]
        case .history: return [view.rawValue]
        }
    }

    /// The command a user can type: `notifier open country KZ`.
    public var command: String { (["notifier"] + arguments).joined(separator: " ") }

    /// `notifier://country/KZ`, `notifier://list/crypto_moves`, `notifier://history`.
    public var url: String {
        view == .history ? "notifier://\(view.rawValue)" : "notifier://\(view.rawValue)/\(argument)"
    }

    public var description: String { command }

    static func isValid(_ argument: String, for view: View) -> Bool {
        switch view {
        case .country:
            return argument.utf8.count == 2 && argument.utf8.allSatisfy { (0x41...0x5A).contains($0) }
        case .crypto:
            return (1...12).contains(argument.utf8.count)
                && argument.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
        case .list:
            return (1...40).contains(argument.utf8.count)
                && argument.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        case .history:
            return argument == "all"
        case .holiday, .week:
            return HolidayDate(string: argument) != nil
        case .forecast:
            // Never empty and never starting with "-", so it cannot pass for an option.
            let bytes = argument.utf8
            func alphanumeric(_ byte: UInt8) -> Bool {
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            }
            return (1...60).contains(bytes.count) && alphanumeric(bytes.first!) && bytes.allSatisfy { alphanumeric($0) || $0 == 0x2D }
        }
    }
}
