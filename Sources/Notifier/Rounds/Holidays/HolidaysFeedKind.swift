import Foundation
import NotifierEngine
import NotifierHolidays

/// Estonian holidays (computed, or from the remote API), for `holiday_upcoming`.
struct HolidaysFeedKind: FeedKind {
    var name: String { HolidaysFeed.name }
    var views: [FeedView] { [.holiday, .week] }
    var rules: [any Rule.Type] { [UpcomingHolidayRule.self] }
    var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("holiday_", BubbleKind(rawValue: "holiday"))] }
    var configSections: [ConfigSectionEntry] {
        [ConfigSectionEntry(\.holidays, in: .feed), ConfigSectionEntry(\.holidayUpcoming, in: .firstRules)]
    }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await HolidayRound(env: environment).checkOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await HolidayRound(env: environment).checkForever()
    }
}
