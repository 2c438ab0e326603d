import Foundation

/// A rule type: what it watches, and examples of inputs that must and must not fire, kept
/// next to its code and run by one test for every registered rule.
public protocol Rule: Sendable {
    /// The key of its table in the config: `[rules.<id>]`.
    static var id: String { get }
    static var summary: String { get }
    static var examples: [RuleExample] { get }
    /// The views its alerts link to, for the catalog of deep links.
    static var linkedViews: [LinkedView] { get }
    /// Whether its alerts come from the engine, which is what honours mutes and snoozes (a
    /// bubble then offers them).
    static var decidedByTheEngine: Bool { get }
}

extension Rule {
    public static var linkedViews: [LinkedView] { [] }
    public static var decidedByTheEngine: Bool { true }
}

public struct RuleExample: Sendable {
    public enum Expectation: Sendable {
        /// At least one alert, and every check holds for them.
        case fires(@Sendable ([Alert]) -> Bool)
        case staysSilent
    }

    public let name: String
    public let expectation: Expectation
    public let evaluate: @Sendable () -> [Alert]

    public init(_ name: String, _ expectation: Expectation, evaluate: @escaping @Sendable () -> [Alert]) {
        self.name = name
        self.expectation = expectation
        self.evaluate = evaluate
    }

    /// `nil` when the example holds, else why not.
    public func failure() -> String? {
        let alerts = evaluate()
        switch expectation {
        case .staysSilent:
            return alerts.isEmpty ? nil : "\(name): expected no alert, got \(alerts.map(\.title))"
        case .fires(let check):
            if alerts.isEmpty { return "\(name): expected an alert, got none" }
            return check(alerts) ? nil : "\(name): alerts did not match: \(alerts)"
        }
    }
}
