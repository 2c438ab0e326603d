import Foundation
import NotifierEngine

extension DeepLink.View {
    /// The events of one day of the Estonian calendar; the argument is "YYYY-MM-DD".
    public static let holiday = DeepLink.View(rawValue: "holiday")
    /// The week around a date; the argument is YYYY-MM-DD.
    public static let week = DeepLink.View(rawValue: "week")
}

extension LinkedView {
    public static let holiday = LinkedView("holiday") { CivilDate(string: $0) != nil }
    public static let week = LinkedView("week") { CivilDate(string: $0) != nil }
}

extension DeepLink {
    /// `notifier open holiday 2026-12-24`: every event of that date.
    public static func holiday(_ date: CivilDate) -> DeepLink {
        DeepLink(validated: .holiday, argument: date.description)
    }

    /// `notifier open week 2026-12-24`: the week around that date.
    public static func week(_ date: CivilDate) -> DeepLink {
        DeepLink(validated: .week, argument: date.description)
    }
}
