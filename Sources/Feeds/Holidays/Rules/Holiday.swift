import Foundation
import NotifierEngine

/// One event of the Estonian calendar: a public holiday (a day off) or a folk-calendar day.
/// Several may share a date; each is its own event.
public struct Holiday: Codable, Sendable, Equatable, Hashable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case publicHoliday = "public"
        case folk = "folk"
        /// A day of national importance (riiklik tähtpäev): a flag day by law, not a day off.
        case national = "national"

        /// The order within a date: public holidays, days of national importance, folk days.
        var rank: Int {
            switch self {
            case .publicHoliday: return 0
            case .national: return 1
            case .folk: return 2
            }
        }
    }

    public var date: CivilDate
    /// In Estonian, as the remote API gives them: "Jõululaupäev".
    public var name: String
    public var kind: Kind

    public init(date: CivilDate, name: String, kind: Kind) {
        self.date = date
        self.name = name
        self.kind = kind
    }

    /// By date, then public before folk, then by name: the order every list uses.
    public static func precedes(_ lhs: Holiday, _ rhs: Holiday) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.kind != rhs.kind { return lhs.kind.rank < rhs.kind.rank }
        return lhs.name < rhs.name
    }
}
