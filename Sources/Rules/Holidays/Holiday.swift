import Foundation

/// One event of the Estonian calendar: a public holiday (a day off) or a folk-calendar day.
/// Several may share a date; each is its own event.
public struct Holiday: Codable, Sendable, Equatable, Hashable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case publicHoliday = "public"
        case folk = "folk"
    }

    public var date: HolidayDate
    /// In Estonian, as the remote API gives them: "Jõululaupäev".
    public var name: String
    public var kind: Kind

    public init(date: HolidayDate, name: String, kind: Kind) {
        self.date = date
        self.name = name
        self.kind = kind
    }

    /// By date, then public before folk, then by name: the order every list uses.
    public static func precedes(_ lhs: Holiday, _ rhs: Holiday) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.kind != rhs.kind { return lhs.kind == .publicHoliday }
        return lhs.name < rhs.name
    }
}
