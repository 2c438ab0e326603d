import Foundation
import TestSupport
import Testing

@testable import NotifierReminders

/// Every occurrence and alarm time of every calendar fixture over two years, against PyPI's
/// recurring-ical-events (scripts/calendar-reference, in .build/reference-venv).
@Suite(.sharingTheMachine) struct CalendarReferenceTests {
    struct FileResult: Decodable {
        var from: Double?
        var to: Double?
        var events: [[Entry]]?
        var alarms: [[Entry]]?
        var error: String?
    }

    enum Entry: Decodable, Hashable {
        case text(String)
        case number(Double)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }
    }

    static var fixtures: [URL] {
        let folder = Samples.directory.appendingPathComponent("calendars")
        return ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "ics" }.sorted { $0.path < $1.path }
    }

    static func reference(_ files: [URL]) async throws -> [String: FileResult] {
        let spec: [String: Any] = ["zone": "Europe/Tallinn", "days": 730, "files": files.map(\.path)]
        let printed = try await ReferenceScript.run("calendar-reference", input: spec, timeout: .seconds(300))
        return try JSONDecoder().decode([String: FileResult].self, from: Data(printed.utf8))
    }

    struct Pair: Hashable, CustomStringConvertible {
        var uid: String
        var at: Int
        var description: String { "\(uid) \(Date(timeIntervalSince1970: Double(at)).formatted(.iso8601))" }
    }

    static func pairs(_ rows: [[Entry]]?) -> Set<Pair> {
        Set(
            (rows ?? []).compactMap { row in
                guard row.count == 2, case .text(let uid) = row[0], case .number(let at) = row[1] else { return nil }
                return Pair(uid: uid, at: Int(at))
            })
    }

    @Test func everyOccurrenceAndAlarmAgreesWithRecurringIcalEvents() async throws {
        let files = Self.fixtures
        try #require(files.count >= 20)
        let reference = try await Self.reference(files)
        var compared = 0
        for url in files {
            let theirs = try #require(reference[url.path])
            if theirs.error != nil { continue }
            guard let from = theirs.from, let to = theirs.to, to > from else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let parsed = try CalendarParser.parse(text, file: url.lastPathComponent)
            // The default all_day_at: an all-day event's own alarms count from its midnight regardless.
            let expansion = CalendarExpansion(local: TimeZone(identifier: "Europe/Tallinn")!, allDayAt: (9, 0))
            let start = Date(timeIntervalSince1970: from)
            let end = Date(timeIntervalSince1970: to)
            var ours = Set<Pair>()
            var ourAlarms = Set<Pair>()
            // The window in two halves: each at most CalendarExpansion.maxWindow.
            let middle = start.addingTimeInterval(end.timeIntervalSince(start) / 2)
            for (a, b) in [(start, middle), (middle, end)] {
                for occurrence in expansion.occurrences(of: parsed.events, file: url.path, from: a, to: b) {
                    if occurrence.start >= a, occurrence.start < b { ours.insert(Pair(uid: occurrence.uid, at: Int(occurrence.start.timeIntervalSince1970))) }
                    for alarm in occurrence.alarms where alarm >= a && alarm < b {
                        ourAlarms.insert(Pair(uid: occurrence.uid, at: Int(alarm.timeIntervalSince1970)))
                    }
                }
            }
            let events = Self.pairs(theirs.events)
            let alarms = Self.pairs(theirs.alarms)
            #expect(
                ours.subtracting(events).isEmpty && events.subtracting(ours).isEmpty,
                "\(url.lastPathComponent) (\(parsed.events.count) events, problems \(parsed.problems.prefix(2))): only ours \(ours.subtracting(events).sorted { $0.at < $1.at }.prefix(5)), only theirs \(events.subtracting(ours).sorted { $0.at < $1.at }.prefix(5))"
            )
            #expect(
                ourAlarms == alarms,
                "\(url.lastPathComponent) alarms: only ours \(ourAlarms.subtracting(alarms).sorted { $0.at < $1.at }.prefix(5)), only theirs \(alarms.subtracting(ourAlarms).sorted { $0.at < $1.at }.prefix(5))"
            )
            compared += 1
        }
        #expect(compared >= 20)
    }
}
