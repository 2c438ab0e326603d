import Foundation
import NotifierCore

/// How many recurrence steps an expansion may take, so that one calendar cannot hold up the
/// others, the feeds or a pass: a step is one start libical's iterator makes, in the window or
/// before it. Each event gets at most `perEvent`; a file's events share `perFile`; the files of
/// one pass (or one `list events`) share `perPass`; an event always gets `floor`, enough for a
/// daily event over the longest window, whatever the others spent. A rule of every second makes
/// 86,400 starts a day: cut, and said in one line (`cutLine`).
public struct ExpansionBudget: Sendable {
    public static let perEvent = 10_000
    public static let perFile = 40_000
    public static let perPass = 200_000
    public static let floor = 500

    public private(set) var passLeft: Int
    public private(set) var fileLeft: Int

    public init(pass: Int = ExpansionBudget.perPass) {
        passLeft = pass
        fileLeft = Self.perFile
    }

    mutating func startFile() {
        fileLeft = Self.perFile
    }

    /// The steps the next event may take.
    var allowance: Int { max(Self.floor, min(Self.perEvent, fileLeft, passLeft)) }

    mutating func spend(_ steps: Int) {
        fileLeft = max(0, fileLeft - steps)
        passLeft = max(0, passLeft - steps)
    }

    /// One event whose rule ran out of its steps before the window's end.
    struct Cut {
        var event: CalendarEvent
        var allowance: Int
        /// The last start made.
        var after: Date
    }

    /// One line for a file's cut events: the first named with its rule and where it stops, the
    /// others counted and the first few named.
    static func cutLine(_ cuts: [Cut], file: String) -> CalendarProblem? {
        guard let first = cuts.first else { return nil }
        func name(_ event: CalendarEvent) -> String {
            TextSanitizer.echoed(event.summary.isEmpty ? event.uid : event.summary, limit: 40).tomlQuoted
        }
        var message =
            "event \(name(first.event)) repeats more than \(first.allowance) times (RRULE \(TextSanitizer.echoed(first.event.rrule ?? "", limit: 60))); "
            + "its occurrences after \(first.after.formatted(.iso8601)) are left out"
        if cuts.count > 1 {
            let others = cuts.dropFirst()
            let named = others.prefix(3).map { name($0.event) }.joined(separator: ", ")
            message += " (and \(others.count) more events cut in this file: \(named)\(others.count > 3 ? ", …" : ""))"
        }
        return CalendarProblem(file: file, line: first.event.line, message: message)
    }
}
