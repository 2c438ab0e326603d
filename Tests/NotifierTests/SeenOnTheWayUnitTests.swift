import Foundation
import NotifierSystem
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The pure parts of the smaller things an outside look found: bounded echoes, the TOML
/// preflight's key bound, names a person wrote, one range for the week.
@Suite struct SeenOnTheWayUnitTests {
    @Test func anEchoIsOneBoundedLine() {
        #expect(TextSanitizer.echoed(String(repeating: "x", count: 10_000)) == String(repeating: "x", count: 63) + "…")
        #expect(TextSanitizer.echoed("pills\nnow\u{1B}[2J") == "pills now[2J")
        #expect(TextSanitizer.echoed("lvl") == "lvl")
    }

    @Test func aKeyOfTooManyDottedPartsIsRefusedAtOnceAndFloatsAreNotParts() {
        let started = ContinuousClock.now
        let header = "[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]\n"
        #expect(TOMLPreflight.problem(in: header) == .init(line: 1, message: "a key or table header has more than 64 dotted parts"))
        #expect(ContinuousClock.now - started < .seconds(5))
        let parts = { (count: Int) in Array(repeating: "a", count: count).joined(separator: ".") }
        #expect(TOMLPreflight.problem(in: "[\(parts(64))]\n") == nil)
        #expect(TOMLPreflight.problem(in: "[\(parts(65))]\n") != nil)
        #expect(TOMLPreflight.problem(in: "x = 1\n\(parts(65)) = 1\n")?.line == 2)
        #expect(TOMLPreflight.problem(in: "x = {\(parts(65)) = 1}\n") != nil)
        let floats = Array(repeating: "1.5", count: 200).joined(separator: ", ")
        #expect(TOMLPreflight.problem(in: "x = [\(floats)]\ny = [\n  \(floats)\n]\nz = { a = 1.5, b = [\(floats)] }\n") == nil)
    }

    @Test func aURLsHintNamesTheKeyThePersonWrote() async {
        #expect(RequestContext(feed: "crypto", method: "GET", url: "https://x.invalid").urlKey == "base_url")
        let error = FeedError.cannotResolve(RequestContext(feed: "channel phone", method: "POST", url: "https://x.invalid", urlKey: "ntfy"), host: "x.invalid")
        #expect(error.cause == "cannot resolve host 'x.invalid' (offline, or a typo in ntfy?)")
        let redirect = FeedError.insecureRedirect(RequestContext(feed: "watch lvl", method: "GET", url: "https://x.invalid", urlKey: "url"))
        #expect(redirect.cause.hasSuffix("(https never downgrades to http): is url right?"))
        // The request's maker says the key, whatever its feed is called.
        let http = HTTPClient()
        let sent = await #expect(throws: FeedError.self) { try await http.send(.get("nowhere"), feed: "anything", urlKey: "ntfy") }
        #expect(sent?.context.urlKey == "ntfy")
        let watched = await WatchHTTPSource(http: http).fetch(url: "nowhere", shownURL: "nowhere", headers: [], etag: nil, lastModified: nil, feed: "watch lvl")
        if case .failure(let watchError) = watched { #expect(watchError.context.urlKey == "url") } else { Issue.record("fetched nowhere") }
        let read = await SyncTopic(http: http).read(SyncSettings(ntfy: "nowhere", machine: "laptop"), query: [], idleTimeout: .seconds(1)) { _ in false }
        #expect(read?.context.urlKey == "ntfy" && read?.context.feed == SyncTopic.feedName)
    }

    @Test func whyTakesAWatchsOrReminderName() throws {
        let config = try ConfigLoader.parse(
            "[[watches]]\nname = \"lvl\"\nurl = \"https://example.org\"\nselect = \".\"\nabove = 1\n[[reminders]]\nname = \"pills\"\ntext = \"Pills\"\nevery = \"daily\"\nat = \"09:00\"\n",
            file: "config.toml")
        let rules = Program.notifier.rules
        #expect(WhyCommand.resolved(rule: "lvl", subject: nil, config: config, rules: rules) == ("watch", "lvl"))
        #expect(WhyCommand.resolved(rule: "pills", subject: nil, config: config, rules: rules) == ("reminder", "pills"))
        #expect(WhyCommand.resolved(rule: "crypto_change", subject: nil, config: config, rules: rules) == ("crypto_change", nil))
        #expect(WhyCommand.resolved(rule: "lvl", subject: "x", config: config, rules: rules) == ("lvl", "x"))
        #expect(WhyCommand.resolved(rule: "nothing", subject: nil, config: config, rules: rules) == ("nothing", nil))
    }

    @Test func rulesSubscriptionTakesAcknowledgeAndEscalate() throws {
        let config = try ConfigLoader.parse(
            "[[channels]]\nname = \"phone\"\nntfy = \"https://ntfy.example.org/t\"\n[rules.subscription]\nacknowledge = true\nescalate = [\"30m phone\"]\nchannels = [\"phone\"]\n",
            file: "config.toml")
        let alert = Alert(rule: "subscription", key: "home@abc", title: "t", body: "b", category: "x", deepLink: .history)
        #expect(config.acknowledgement(for: alert)?.name == "subscription")
        #expect(config.acknowledgement(for: alert)?.policy.escalate.first?.channels == ["phone"])
        #expect(config.acknowledgeableNames.contains("subscription"))
        #expect(config.ruleChannels["subscription"] == ["phone"])
    }

    @Test func theExampleWatchIsNotThePersons() throws {
        #expect(Config().watches == [WatchSettings.example] && Config().ownWatches.isEmpty)
        let config = try ConfigLoader.parse("[[watches]]\nname = \"swift-stars\"\nurl = \"https://example.org\"\nselect = \".\"\nabove = 1\n", file: "c.toml")
        #expect(config.ownWatches.map(\.name) == ["swift-stars"])
    }

    @Test func aBodyNestedPastTheParsersIsToldApartFromText() {
        #expect(WatchPoller.nestedPastParsers(Data((String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)).utf8)))
        #expect(WatchPoller.nestedPastParsers(Data(String(repeating: "{\"a\":", count: 300).utf8)))
        #expect(!WatchPoller.nestedPastParsers(Data("[INFO] started\n[WARN] \"[[[[\" in a string".utf8)))
        #expect(!WatchPoller.nestedPastParsers(Data(("\"" + String(repeating: "[", count: 1000) + "\"").utf8)))
    }

    @Test func everyHolidayAndFolkDayIsATitle() {
        for day in EstonianCalendar.holidays(from: CivilDate(year: 2026, month: 1, day: 1)!, through: CivilDate(year: 2026, month: 12, day: 31)!) {
            #expect(day.name.first?.isUppercase == true, "\(day.name)")
        }
        #expect(EstonianCalendar.fixedFolkDays.allSatisfy { $0.name.first?.isUppercase == true })
    }

    @Test func theWeekShowsNoDayOutsideTheCalendarsRange() {
        let last = CivilDate(year: 2200, month: 12, day: 31)!
        let week = WeekModel(today: last, firstDay: .monday, load: { _, _ in .holidays([]) }, remember: { _ in })
        let frame = week.frame(width: 80, height: 24, now: Date())
        let text = ([frame.title] + frame.body).map(\.text).joined(separator: "\n")
        #expect(text.contains("2200-12-31") && !text.contains("2201-"), "\(text)")
        #expect(text.contains("Week of 2200-12-29 – 2200-12-31"), "\(text)")
    }

    @Test func jsonTimesCarryTheLocalOffset() {
        let instant = Date(timeIntervalSince1970: 1_795_600_800)
        #expect(RelativeTime.iso(instant, timeZone: TimeZone(identifier: "Europe/Tallinn")!) == "2026-11-25T12:00:00+02:00")
        #expect(RelativeTime.iso(instant, timeZone: TimeZone(identifier: "UTC")!) == "2026-11-25T10:00:00Z")
    }
}
