import Foundation
import TestSupport
import Testing

@testable import NotifierReminders

/// Random RRULEs (`RandomRRule`, seeded: a failure names its rule and repeats) expanded as
/// `notifier next` does and by python-dateutil (`scripts/reminder-reference`): the first dates
/// of each from 1 January 2024 on, through 2124, the same to the second, and a rule notifier
/// refuses as never occurring has no date in dateutil either.
///
/// Left out of the comparison, each checked apart in `EveryExpansionTests`: BYDAY mixing plain
/// and placed weekdays ("MO,1FR": RFC 5545 means either, dateutil requires both and gives
/// nothing), rules dateutil raises on (a place past the month's weeks in a YEARLY rule with
/// BYMONTH, "53TH"), and what follows the days before a year's first week, which dateutil numbers
/// from the wrong year (`firstMisread`).
@Suite(.sharingTheMachine) struct RandomRecurrenceTests {
    /// 250 a zone took 222 s of dateutil's CPU beside the suite, its slowest test and a load that
    /// made loopback tests time out; the fuzz target reaches many more shapes.
    static let rulesPerZone = 60
    static let datesPerRule = 20

    @Test(arguments: [("Europe/Tallinn", UInt64(1)), ("America/New_York", UInt64(2))])
    func randomRulesExpandAsDateutilDoes(zone: String, seed: UInt64) async throws {
        var random = RandomRRule(seed: seed)
        let clocks = [(9, 0), (3, 30), (2, 30), (0, 0), (23, 59)]
        var rules: [(text: String, hour: Int, minute: Int)] = []
        for index in 0..<Self.rulesPerZone {
            let (hour, minute) = clocks[index % clocks.count]
            rules.append(("RRULE:" + random.next(), hour, minute))
        }
        let spec: [String: Any] = [
            "zone": zone, "from": "2024-01-01T00:00:00", "until": "2124-01-01T00:00:00", "holidays": false,
            // A DAILY rule dateutil is still expanding after 1.5 s of CPU has found nothing in centuries.
            "seconds": 1.5,
            "rules": rules.map { ["rrule": String($0.text.dropFirst(6)), "hour": $0.hour, "minute": $0.minute, "count": Self.datesPerRule] as [String: Any] },
        ]
        let printed = try await ReferenceScript.run("reminder-reference", input: spec, timeout: .seconds(600))
        let reference = try JSONDecoder().decode(Reference.self, from: Data(printed.utf8))
        let from = ReminderRecurrenceTests.instant("2024-01-01", zone: zone)
        let through = ReminderRecurrenceTests.instant("2124-01-01", zone: zone)
        // Ours off the cooperative pool: a rule that never occurs costs a search of 400 years.
        let tried = rules
        let ourDates: [Result<[Int], EveryExpression.ParseError>] = await offThePool {
            tried.map { rule in
                Result { () throws(EveryExpression.ParseError) -> [Int] in
                    let every = try EveryExpression(parsing: rule.text)
                    let schedule = ReminderSchedule(timing: .repeating(every, hour: rule.hour, minute: rule.minute), timeZone: TimeZone(identifier: zone)!)
                    return schedule.occurrences(from: from, through: through, limit: Self.datesPerRule).map { Int($0.date.timeIntervalSince1970) }
                }
            }
        }
        var compared = 0
        var refused = 0
        var skipped = 0
        var gaveUp = 0
        for (index, rule) in rules.enumerated() {
            let all: [Int]
            switch reference.dates[index] {
            case .dates(let dates): all = dates
            case .raised:
                skipped += 1
                continue
            case .gaveUp:
                // Still going day by day after its seconds: found nothing in centuries.
                gaveUp += 1
                all = []
            }
            var ours: [Int]
            switch ourDates[index] {
            case .success(let dates): ours = dates
            case .failure(let error):
                #expect(error.message.contains("has no occurrence"), "\(rule.text): \(error.message)")
                #expect(all.isEmpty, "\(rule.text): refused as never occurring, dateutil: \(all.prefix(3).map(Self.shown))")
                refused += 1
                continue
            }
            var theirs = all
            if let cutoff = Self.firstMisread(rule.text, in: ours + theirs, zone: zone) {
                ours = ours.filter { $0 < cutoff }
                theirs = theirs.filter { $0 < cutoff }
            }
            let at = Array(zip(ours, theirs)).firstIndex { $0 != $1 } ?? min(ours.count, theirs.count)
            #expect(
                ours == theirs,
                "\(rule.text) at \(rule.hour):\(rule.minute) in \(zone): \(ours.count) dates, dateutil \(theirs.count); from the \(at + 1)th: ours \(ours.dropFirst(at).prefix(2).map(Self.shown)), dateutil \(theirs.dropFirst(at).prefix(2).map(Self.shown))"
            )
            compared += 1
        }
        // Most rules are compared, and the generator does make rules that never occur.
        #expect(compared > Self.rulesPerZone / 2, "compared \(compared), refused \(refused), skipped \(skipped), dateutil gave up on \(gaveUp)")
        #expect(refused > 10, "refused \(refused)")
    }

    struct Reference: Decodable {
        var dates: [Expansion]
    }

    /// One rule's answer: its dates, dateutil raising (`null`), or still expanding when its CPU
    /// time ran out ("gave up": dateutil checks UNTIL only on a date found, so a rule that never
    /// occurs runs on to the year 9999).
    enum Expansion: Decodable {
        case dates([Int])
        case raised
        case gaveUp

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .raised
            } else if let dates = try? value.decode([Int].self) {
                self = .dates(dates)
            } else {
                self = .gaveUp
            }
        }
    }

    /// Where dateutil 2.9 stops numbering weeks as ISO 8601 does: the days of 1 to 3 January that
    /// belong to the last week of the year before, which it counts as week 53 when that year had
    /// 52 (it takes the length of the wrong year); 2039-01-01, a Saturday of week 52 of 2038, is
    /// week 53 to it. The earliest such date of a rule with BYWEEKNO 52 or 53, whose dates from
    /// there on are not compared.
    static func firstMisread(_ rule: String, in dates: [Int], zone: String) -> Int? {
        let weeks = rule.split(separator: ";").first { $0.hasPrefix("BYWEEKNO=") }?.dropFirst(9).split(separator: ",") ?? []
        guard weeks.contains("52") || weeks.contains("53") else { return nil }
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: zone)!
        return dates.filter { seconds in
            let parts = calendar.dateComponents([.month, .day, .weekOfYear], from: Date(timeIntervalSince1970: Double(seconds)))
            return parts.month == 1 && (parts.day ?? 9) <= 3 && (parts.weekOfYear ?? 0) >= 52
        }.min()
    }

    static func shown(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    }
}
