import Foundation
import NotifierCore
import NotifierEngine

/// Estonian holidays (computed, or from the remote API), for `holiday_upcoming`.
package struct HolidaysFeedKind: FeedKind {
    package init() {}

    package var storeMigrations: [StoreMigration] { StoreMigration.holidays }
    package var environmentKeys: [EnvironmentKey] { [("NOTIFIER_HOLIDAYS_KEY", \.holidays.apiKey)] }
    package var name: String { HolidaysFeed.name }
    package var views: [FeedView] { [.holiday, .week] }
    package var rules: [any Rule.Type] { [UpcomingHolidayRule.self] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("holiday_", BubbleKind(rawValue: "holiday"))] }
    package var configSections: [ConfigSectionEntry] {
        [ConfigSectionEntry(\.holidays, in: .feed), ConfigSectionEntry(\.holidayUpcoming, in: .firstRules)]
    }

    package func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await HolidayRound(env: environment).checkOnce()
    }

    package func pollForever(_ environment: FeedEnvironment) async {
        await HolidayRound(env: environment).checkForever()
    }
}
