import Foundation

extension Outbox {
    /// A group opens its rule's list view where the rule names one, else the view all its
    /// members share (one place's forecast), else the view their `groupLink`s share at its first
    /// argument (the week of the first holiday), else the history of just these members.
    static func groupLink(_ members: [Alert], at now: Date) -> DeepLink {
        if let list = members.lazy.compactMap(\.listView).first.flatMap(DeepLink.list) { return list }
        if Set(members.map(\.deepLink.url)).count == 1, let first = members.first, first.deepLink != .history { return first.deepLink }
        let shared = members.compactMap(\.groupLink)
        if shared.count == members.count, Set(shared.map(\.view)).count == 1, let first = shared.min(by: { $0.argument < $1.argument }) {
            return first
        }
        return historyLink(members, at: now)
    }

    /// The history of just these members; the delivery records them under this id.
    static func historyLink(_ members: [Alert], at now: Date) -> DeepLink {
        DeepLink.history(group: HistoryGroupID.make(members: members.map { "\($0.rule) \($0.identity)" }, at: now)) ?? .history
    }
}
