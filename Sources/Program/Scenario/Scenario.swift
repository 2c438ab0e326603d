import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A recorded sequence for `notifier test`: files of API responses, each named with the time it
/// stands for and its feed, `0001-2026-12-23T09:00.coinlore.json`. Times are UTC, or local
/// times of `scenario.toml`'s `time_zone` (see `ScenarioSettings`).
package struct Scenario: Sendable {
    package struct Step: Sendable {
        package var file: String
        package var at: Date
        package var suffix: String
        package var data: Data
    }

    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    package var steps: [Step]

    /// Reads `directory`'s recordings in name order; other files (a config, a golden file, notes)
    /// are left alone, but a `.json` file not named as a recording is an error, not skipped.
    package static func read(_ directory: String, suffixes: Set<String>, timeZone: TimeZone = .gmt) throws(Problem) -> Scenario {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw Problem(description: "cannot read the scenario directory \(TextSanitizer.echoed(directory, limit: 200)): \(error.localizedDescription)")
        }
        var steps: [Step] = []
        for name in names where name.hasSuffix(".json") {
            guard let (at, suffix) = parse(name, timeZone: timeZone) else {
                if name.wholeMatch(of: pattern) != nil {
                    throw Problem(
                        description:
                            "\(directory)/\(name): names a time that does not exist in \(timeZone.identifier) (a day or hour out of range, or skipped by a change to summer time)"
                    )
                }
                throw Problem(
                    description: "\(directory)/\(name): a recording is named NNNN-YYYY-MM-DDTHH:MM.<feed>.json, such as 0001-2026-12-23T09:00.coinlore.json")
            }
            guard suffixes.contains(suffix) else {
                throw Problem(description: "\(directory)/\(name): no feed records '\(suffix)'; recordings: \(suffixes.sorted().joined(separator: ", "))")
            }
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw Problem(description: "cannot read \(directory)/\(name)")
            }
            steps.append(Step(file: name, at: at, suffix: suffix, data: data))
        }
        guard !steps.isEmpty else { throw Problem(description: "\(directory) holds no recordings (NNNN-YYYY-MM-DDTHH:MM.<feed>.json)") }
        for (earlier, later) in zip(steps, steps.dropFirst()) where later.at < earlier.at {
            throw Problem(description: "\(directory)/\(later.file) stands for a time before \(earlier.file)'s: time only goes forward")
        }
        return Scenario(steps: steps)
    }

    package nonisolated(unsafe) static let pattern = /\d+-(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)\.([a-z0-9_-]+)\.json/

    /// The time and feed of a recording's name; `nil` for a name that is not one, or for a
    /// local time that does not exist (skipped by a change to summer time).
    package static func parse(_ name: String, timeZone: TimeZone = .gmt) -> (Date, String)? {
        guard let match = name.wholeMatch(of: pattern) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: Int(match.4), minute: Int(match.5))
        guard calendar.date(from: parts).map({ calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0) == parts }) == true,
            let date = calendar.date(from: parts)
        else { return nil }
        return (date, String(match.6))
    }
}
