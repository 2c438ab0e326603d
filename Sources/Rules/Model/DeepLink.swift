import Foundation

/// Where a click leads: a detail view of the program, as validated arguments. It is only ever
/// run as an argv, never through a shell, and every argument is checked when it is built.
public struct DeepLink: Codable, Sendable, Equatable, CustomStringConvertible {
    public enum View: String, Codable, Sendable, CaseIterable {
        case country
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

    /// The arguments after the program's name: `open country KZ`.
    public var arguments: [String] { ["open", view.rawValue, argument] }

    /// The command a user can type: `notifier open country KZ`.
    public var command: String { (["notifier"] + arguments).joined(separator: " ") }

    /// `notifier://country/KZ`.
    public var url: String { "notifier://\(view.rawValue)/\(argument)" }

    public var description: String { command }

    static func isValid(_ argument: String, for view: View) -> Bool {
        switch view {
        case .country:
            return argument.utf8.count == 2 && argument.utf8.allSatisfy { (0x41...0x5A).contains($0) }
        }
    }
}
