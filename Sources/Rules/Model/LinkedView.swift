import Foundation

/// A view a deep link can name, with the check its subject must pass. A feed declares its views
/// in its own folder (`Feeds/<Feed>/Rules/…Links.swift`) and its rules list them (`Rule.linkedViews`),
/// so that the catalog of links needs no edit for a new feed.
public struct LinkedView: Sendable {
    public let view: DeepLink.View
    public let isValid: @Sendable (String) -> Bool

    public init(_ name: String, isValid: @escaping @Sendable (String) -> Bool) {
        view = DeepLink.View(rawValue: name)
        self.isValid = isValid
    }

    public var name: String { view.rawValue }

    /// `notifier list <rule>`: 1–40 lowercase ASCII letters, digits and underscores.
    public static let list = LinkedView("list") { argument in
        (1...40).contains(argument.utf8.count)
            && argument.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// `notifier history`: the argument is "all" or a group's id (`notifier history --group ID`).
    public static let history = LinkedView("history") { $0 == "all" || HistoryGroupID.isValid($0) }

    /// `notifier open feed <name>`: a feed's (or a watch's) status, named as `list` names rules.
    public static let feed = LinkedView("feed") { list.isValid($0) }
}

/// The views links may name: the feeds' views in order, then `list` and `history`.
public struct LinkCatalog: Sendable {
    public let views: [LinkedView]

    /// A feed view named twice is kept once (several rules of a feed list the same view).
    public init(_ feedViews: [LinkedView]) {
        var seen = Set<String>()
        views = (feedViews + [.list, .history, .feed]).filter { seen.insert($0.name).inserted }
    }

    public subscript(name: String) -> LinkedView? {
        views.first { $0.name == name }
    }

    public var names: [String] { views.map(\.name) }

    /// The views the rules' alerts link to.
    public init(rules: [any Rule.Type]) {
        self.init(rules.flatMap { $0.linkedViews })
    }
}
