import Foundation
import TestSupport
import Testing

/// The time phrases' table (`Tests/Fixtures/time_phrases.tsv`) through the built program:
/// `notifier when PHRASE --json` for each recurring phrase, its rule and start expanded by
/// python-dateutil's rrule (DTSTART the start at the phrase's time in Tallinn), and the twelve
/// dates compared; each phrase's first dates as the table says.
@Suite(.sharingTheMachine) struct TimePhraseReferenceTests {
    struct Answer: Decodable {
        var phrase: String, language: String, understood: String, rrule: String?, start: String?, dates: [String]
    }

    struct Reference: Decodable { var dates: [[Int]?] }

    static let from = "2026-11-28 20:00"

    static func rows() throws -> [(phrase: String, rule: String, dates: [String])] {
        try String(decoding: Samples.data("time_phrases.tsv"), as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1], fields[3].split(separator: " ").map(String.init))
        }
    }

    static func when(_ phrase: String, count: Int) async throws -> Answer {
        let result = try await ProcessRunner.notifier(
            ["when", phrase, "--from", from, "--time-zone", "Europe/Tallinn", "--count", "\(count)", "--json"],
            environment: ["TZ": "Europe/Tallinn", "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "\(phrase): \(result.stderr)")
        return try JSONDecoder().decode(Answer.self, from: Data(result.stdout.utf8))
    }

    @Test func recurringPhrasesExpandAsDateutilDoes() async throws {
        let rows = try Self.rows()
        var answers: [Answer] = []
        for row in rows {
            let answer = try await Self.when(row.phrase, count: 12)
            // The table's first dates, from the program as a person runs it.
            #expect(answer.dates.prefix(3).map { String($0.prefix(16)) } == row.dates, "\(row.phrase)")
            #expect((answer.rrule ?? "once") == row.rule, "\(row.phrase)")
            if answer.rrule != nil { answers.append(answer) }
        }
        #expect(answers.count >= 70)
        let rules: [[String: Any]] = answers.map { answer in
            let first = answer.dates[0]
            let hour = Int(first.dropFirst(11).prefix(2))!
            let minute = Int(first.dropFirst(14).prefix(2))!
            var rule: [String: Any] = ["rrule": String(answer.rrule!.dropFirst("RRULE:".count)), "hour": hour, "minute": minute, "count": 12]
            if let start = answer.start { rule["dtstart"] = start }
            return rule
        }
        let spec: [String: Any] = [
            "zone": "Europe/Tallinn", "from": "2026-11-28T20:00:00", "until": "2200-01-01T00:00:00", "rules": rules, "holidays": false,
        ]
        let reference = try JSONDecoder().decode(Reference.self, from: Data(try await ReferenceScript.run("reminder-reference", input: spec).utf8))
        for (answer, theirs) in zip(answers, reference.dates) {
            let ours = answer.dates.map { Int(try! Date($0, strategy: .iso8601).timeIntervalSince1970) }
            #expect(ours == theirs, "\(answer.phrase) (\(answer.rrule ?? ""), from \(answer.start ?? "2024-01-01"))")
        }
    }
}
