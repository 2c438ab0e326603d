import Foundation
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierHolidays

@Suite struct OutboxGroupingTests {
    static func coin(_ key: String, _ change: String, urgency: Urgency = .normal) -> Alert {
        var alert = sampleAlert(key: key, title: "\(key) moved \(change)", urgency: urgency, fragment: "\(key) \(change)", noun: "coins moved")
        alert.listView = "crypto"
        return alert
    }

    @Test func onePollsAlertsOfOneRuleBecomeOneGroup() {
        var outbox = Outbox()
        let country = sampleAlert(rule: "launch_country", key: "KZ", title: "🇰🇿 Kazakhstan")
        outbox.submit(
            [Self.coin("SOL", "+8.0%"), Self.coin("BTC", "+5.2%", urgency: .critical), country, Self.coin("ETH", "−6.1%")],
            now: TestTime.at(0)
        )
        #expect(outbox.pendingCount == 2)
        let delivered = outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn)
        #expect(delivered.count == 2)

        let group = delivered[0]
        #expect(group.title == "3 coins moved: BTC +5.2%, ETH −6.1%, SOL +8.0%")
        #expect(group.key == "BTC,ETH,SOL")
        #expect(group.body == "BTC moved +5.2%\nETH moved −6.1%\nSOL moved +8.0%")
        #expect(group.urgency == .critical)
        #expect(group.rule == "crypto_moves")
        #expect(group.deepLink == DeepLink.list("crypto"))
        #expect(group.deepLink.arguments == ["list", "crypto"])
        #expect(group.members?.map(\.key) == ["BTC", "ETH", "SOL"])
        #expect(delivered[1] == country)
        #expect(outbox.pendingCount == 0)
    }

    @Test func withoutANounOrFragmentsTheGroupNamesTheRuleAndTheTitles() {
        var outbox = Outbox()
        outbox.submit(
            [
                sampleAlert(rule: "launch_country", key: "KZ", title: "🇰🇿 Kazakhstan"),
                sampleAlert(rule: "launch_country", key: "EE", title: "🇪🇪 Estonia"),
            ],
            now: TestTime.at(0)
        )
        let group = outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn)
        #expect(group.map(\.title) == ["2 notifications from launch_country: 🇪🇪 Estonia, 🇰🇿 Kazakhstan"])
        #expect(group.first?.key == "EE,KZ")
    }

    @Test func aLongGroupTitleNamesTheFirstFiveAndCountsTheRest() {
        let alerts = ["A", "B", "C", "D", "E", "F", "G"].map { Self.coin($0, "+1%") }
        let group = Outbox.grouped(alerts)
        #expect(group.title == "7 coins moved: A +1%, B +1%, C +1%, D +1%, E +1% and 2 more")
        #expect(group.body.split(separator: "\n").count == 7)

        let many = (0..<30).map { Self.coin("C\($0)", "+\($0)%") }
        let lines = Outbox.grouped(many).body.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.last == "… and 10 more")
    }

    @Test func separatePollsAreNotGroupedAndALaterAlertForTheSameSubjectWins() {
        var outbox = Outbox()
        outbox.submit([Self.coin("BTC", "+5%")], now: TestTime.at(0))
        outbox.submit([Self.coin("BTC", "+6%")], now: TestTime.at(60))
        #expect(outbox.due(now: TestTime.at(60), calendar: TestTime.tallinn).map(\.title) == ["BTC moved +5%", "BTC moved +6%"])

        outbox.submit([Self.coin("BTC", "+7%"), Self.coin("BTC", "+8%")], now: TestTime.at(120))
        #expect(outbox.due(now: TestTime.at(120), calendar: TestTime.tallinn).map(\.title) == ["BTC moved +8%"])
    }

    @Test func aRuleThatCannotBeAListLinkLeadsToTheHistoryOfJustItsMembers() throws {
        let group = Outbox.grouped([sampleAlert(rule: "Bad-Rule", key: "a"), sampleAlert(rule: "Bad-Rule", key: "b")], at: TestTime.at(0))
        let id = try #require(group.deepLink.historyGroup)
        #expect(group.deepLink.arguments == ["history", "--group", id])
        #expect(try DeepLink(url: group.deepLink.url) == group.deepLink, "validated like every link")
        let later = Outbox.grouped([sampleAlert(rule: "Bad-Rule", key: "a"), sampleAlert(rule: "Bad-Rule", key: "b")], at: TestTime.at(60))
        #expect(later.deepLink != group.deepLink, "a group made later is another group")
    }

    @Test func aGroupOfHolidaysOpensTheWeekOfItsFirstDate() throws {
        let dates = ["2026-11-30", "2026-11-25"].map { CivilDate(string: $0)! }
        let alerts = dates.map { date in
            Alert(
                rule: "holiday_upcoming", key: date.description, title: "Folk day", body: "", category: "x",
                deepLink: .holiday(date), groupLink: .week(date))
        }
        #expect(Outbox.grouped(alerts).deepLink.url == "notifier://week/2026-11-25")
    }

    @Test func nothingSubmittedNothingDue() {
        var outbox = Outbox()
        outbox.submit([], now: TestTime.at(0))
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).isEmpty)
        #expect(outbox.nextDueDate(now: TestTime.at(0), calendar: TestTime.tallinn) == nil)
    }
}

@Suite struct OutboxQuietHoursTests {
    static func outbox() throws -> Outbox { Outbox(quietHours: try QuietHours(start: "22:00", end: "08:00")) }

    @Test func heldDuringQuietHoursAndSummarisedOnceAfter() throws {
        var outbox = try Self.outbox()
        let calendar = TestTime.tallinn
        let evening = TestTime.tallinn(2025, 1, 15, 23, 0)
        outbox.submit([sampleAlert(rule: "weather", key: "tallinn", title: "Frost tonight")], now: evening)
        #expect(outbox.due(now: evening, calendar: calendar).isEmpty)
        outbox.submit([sampleAlert(key: "BTC", title: "BTC +5%"), sampleAlert(key: "ETH", title: "ETH +6%")], now: evening.addingTimeInterval(3600))
        outbox.submit(
            [sampleAlert(rule: "holidays", key: "2025-02-24", title: "Independence Day", urgency: .low)],
            now: evening.addingTimeInterval(7200))
        #expect(outbox.due(now: TestTime.tallinn(2025, 1, 16, 3, 0), calendar: calendar).isEmpty)
        #expect(outbox.pendingCount == 3)
        #expect(outbox.entries.allSatisfy { $0.heldFor == .quietHours })
        #expect(outbox.nextDueDate(now: evening, calendar: calendar) == TestTime.tallinn(2025, 1, 16, 8, 0))

        let morning = outbox.due(now: TestTime.tallinn(2025, 1, 16, 8, 0), calendar: calendar)
        #expect(morning.count == 1)
        let summary = try #require(morning.first)
        #expect(summary.title == "3 notifications during quiet hours")
        #expect(summary.body == "Frost tonight\n2 notifications from crypto_moves: BTC +5%, ETH +6%\nIndependence Day")
        #expect(summary.deepLink.historyGroup != nil, "a summary leads to the history of just its members")
        #expect(summary.rule == Outbox.summaryRule)
        #expect(summary.individualAlerts.map(\.key) == ["tallinn", "BTC", "ETH", "2025-02-24"])
        #expect(outbox.pendingCount == 0)
        #expect(outbox.due(now: TestTime.tallinn(2025, 1, 16, 8, 1), calendar: calendar).isEmpty)
    }

    @Test func submittedDuringQuietHoursIsHeldEvenIfNobodyAskedThen() throws {
        var outbox = try Self.outbox()
        outbox.submit([sampleAlert(rule: "a", key: "1")], now: TestTime.tallinn(2025, 1, 15, 23, 0))
        outbox.submit([sampleAlert(rule: "b", key: "2")], now: TestTime.tallinn(2025, 1, 16, 2, 0))
        let due = outbox.due(now: TestTime.tallinn(2025, 1, 16, 9, 30), calendar: TestTime.tallinn)
        #expect(due.map(\.title) == ["2 notifications during quiet hours"])
    }

    @Test func aSingleHeldAlertComesOutAsItself() throws {
        var outbox = try Self.outbox()
        let alert = sampleAlert(key: "BTC")
        outbox.submit([alert], now: TestTime.tallinn(2025, 1, 15, 23, 0))
        #expect(outbox.due(now: TestTime.tallinn(2025, 1, 15, 23, 0), calendar: TestTime.tallinn).isEmpty)
        #expect(outbox.due(now: TestTime.tallinn(2025, 1, 16, 8, 0), calendar: TestTime.tallinn) == [alert])
    }
}

@Suite struct OutboxRateLimitTests {
    static func burst(_ count: Int, prefix: String = "r") -> [Alert] {
        (0..<count).map { sampleAlert(rule: "\(prefix)\($0)", key: "k", title: "alert \(prefix)\($0)") }
    }

    @Test func theExcessWaitsForTheWindowAndComesOutAsOneSummary() throws {
        var outbox = Outbox()
        outbox.submit(Self.burst(15), now: TestTime.at(0))
        let first = outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn)
        #expect(first.map(\.title) == (0..<10).map { "alert r\($0)" })
        #expect(outbox.pendingCount == 5)
        #expect(outbox.entries.allSatisfy { $0.heldFor == .rateLimit })

        #expect(outbox.due(now: TestTime.at(30), calendar: TestTime.tallinn).isEmpty)
        #expect(outbox.nextDueDate(now: TestTime.at(30), calendar: TestTime.tallinn) == TestTime.at(60))

        let later = outbox.due(now: TestTime.at(60), calendar: TestTime.tallinn)
        let summary = try #require(later.first)
        #expect(later.count == 1)
        #expect(summary.title == "5 more notifications: alert r10, alert r11, alert r12 and 2 more")
        #expect(summary.body == (10..<15).map { "alert r\($0)" }.joined(separator: "\n"))
        #expect(summary.deepLink.url.hasPrefix("notifier://history/"))
        #expect((first + later).flatMap(\.individualAlerts).count == 15, "nothing is dropped")
        #expect(outbox.pendingCount == 0)
    }

    @Test func theWindowSlides() {
        var outbox = Outbox(rateLimit: .init(limit: 3, window: .seconds(60)))
        var delivered: [Int] = []
        for second in stride(from: 0, through: 120, by: 10) {
            outbox.submit([sampleAlert(rule: "tick", key: "\(second)")], now: TestTime.at(Double(second)))
            delivered.append(outbox.due(now: TestTime.at(Double(second)), calendar: TestTime.tallinn).count)
        }
        // Three in the first minute; then each slot frees as the oldest delivery leaves the window.
        #expect(delivered == [1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1])
        #expect(delivered.reduce(0, +) == 7)
    }

    @Test func theMostUrgentGoFirst() {
        var outbox = Outbox(rateLimit: .init(limit: 2, window: .seconds(60)))
        outbox.submit(
            [
                sampleAlert(rule: "a", key: "1", urgency: .low), sampleAlert(rule: "b", key: "2"),
                sampleAlert(rule: "c", key: "3", urgency: .critical),
            ],
            now: TestTime.at(0)
        )
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).map(\.rule) == ["c", "b"])
        #expect(outbox.due(now: TestTime.at(60), calendar: TestTime.tallinn).map(\.rule) == ["a"])
    }

    @Test(arguments: [0, -5])
    func aLimitBelowOneStillDrains(_ limit: Int) {
        var outbox = Outbox(rateLimit: .init(limit: limit, window: .seconds(60)))
        outbox.submit(Self.burst(3), now: TestTime.at(0))
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).count == 1)
        #expect(outbox.due(now: TestTime.at(60), calendar: TestTime.tallinn).map(\.title) == ["2 more notifications: alert r1, alert r2"])
    }

    @Test func aClockGoingBackwardsDoesNotBlockForever() {
        var outbox = Outbox(rateLimit: .init(limit: 1, window: .seconds(60)))
        outbox.submit(Self.burst(1, prefix: "x"), now: TestTime.at(10_000))
        #expect(outbox.due(now: TestTime.at(10_000), calendar: TestTime.tallinn).count == 1)
        outbox.submit(Self.burst(1, prefix: "y"), now: TestTime.at(0))
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).isEmpty)
        #expect(outbox.due(now: TestTime.at(60), calendar: TestTime.tallinn).count == 1)
    }

    @Test func quietHoursAndTheRateLimitTogether() throws {
        var outbox = Outbox(quietHours: try QuietHours(start: "22:00", end: "08:00"), rateLimit: .init(limit: 2, window: .seconds(60)))
        let morning = TestTime.tallinn(2025, 1, 16, 8, 0)
        outbox.submit(Self.burst(4, prefix: "night"), now: TestTime.tallinn(2025, 1, 15, 23, 0))
        outbox.submit(Self.burst(3, prefix: "day"), now: morning)
        let first = outbox.due(now: morning, calendar: TestTime.tallinn)
        #expect(first.map(\.title) == ["4 notifications during quiet hours", "alert day0"])
        let second = outbox.due(now: morning.addingTimeInterval(60), calendar: TestTime.tallinn)
        #expect(second.map(\.title) == ["2 more notifications: alert day1, alert day2"])
        #expect((first + second).flatMap(\.individualAlerts).count == 7)
    }
}

@Suite struct OutboxPersistenceTests {
    @Test func heldAlertsSurviveARestart() throws {
        let quiet = try QuietHours(start: "22:00", end: "08:00")
        var outbox = Outbox(quietHours: quiet)
        outbox.submit([sampleAlert(rule: "a", key: "1"), sampleAlert(rule: "b", key: "2")], now: TestTime.tallinn(2025, 1, 15, 23, 0))
        _ = outbox.due(now: TestTime.tallinn(2025, 1, 15, 23, 0), calendar: TestTime.tallinn)

        // Settings come from the config, not the stored state.
        var restored = try roundTrip(outbox)
        #expect(restored.entries == outbox.entries)
        #expect(restored.quietHours == nil)
        restored.quietHours = quiet
        #expect(restored == outbox)

        let morning = TestTime.tallinn(2025, 1, 16, 8, 0)
        #expect(restored.due(now: morning, calendar: TestTime.tallinn) == outbox.due(now: morning, calendar: TestTime.tallinn))
        #expect(try roundTrip(Outbox.RateLimit(limit: 4, window: .seconds(90))) == Outbox.RateLimit(limit: 4, window: .seconds(90)))
    }

    @Test func recentDeliveriesSurviveARestart() throws {
        var outbox = Outbox(rateLimit: .init(limit: 1, window: .seconds(60)))
        outbox.submit([sampleAlert(rule: "a", key: "1")], now: TestTime.at(0))
        _ = outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn)
        var restored = try roundTrip(outbox)
        restored.rateLimit = outbox.rateLimit
        restored.submit([sampleAlert(rule: "b", key: "2")], now: TestTime.at(10))
        #expect(restored.due(now: TestTime.at(10), calendar: TestTime.tallinn).isEmpty)
    }
}
