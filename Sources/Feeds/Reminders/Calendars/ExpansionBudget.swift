import Foundation
import NotifierCore
import NotifierSystem

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
    /// A rule finer than a day with BY parts is expanded in a child bounded in time instead
    /// (libical's iterator steps through every second between two matches): 1 s each, 3 s a
    /// pass, 100 ms whatever the others spent.
    public static let perEventTime = Duration.seconds(1)
    public static let perPassTime = Duration.seconds(3)
    public static let floorTime = Duration.milliseconds(100)

    public private(set) var passLeft: Int
    public private(set) var fileLeft: Int
    public private(set) var timeLeft: Duration

    public init(pass: Int = ExpansionBudget.perPass, time: Duration = ExpansionBudget.perPassTime) {
        passLeft = pass
        fileLeft = Self.perFile
        timeLeft = time
    }

    mutating func startFile() {
        fileLeft = Self.perFile
    }

    /// The steps the next event may take.
    var allowance: Int { max(Self.floor, min(Self.perEvent, fileLeft, passLeft)) }

    /// The milliseconds the next child may take.
    var timeAllowance: Int {
        let allowed = max(Self.floorTime, min(Self.perEventTime, timeLeft))
        return Int(allowed.components.seconds * 1000 + allowed.components.attoseconds / 1_000_000_000_000_000)
    }

    mutating func spend(time: Duration) {
        timeLeft = max(.zero, timeLeft - time)
    }

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
        /// It ran out of time, not of steps.
        var timedOut = false
    }

    /// One line for a file's cut events: the first named with its rule and where it stops, the
    /// others counted and the first few named.
    static func cutLine(_ cuts: [Cut], file: String) -> CalendarProblem? {
        guard let first = cuts.first else { return nil }
        func name(_ event: CalendarEvent) -> String {
            TextSanitizer.echoed(event.summary.isEmpty ? event.uid : event.summary, limit: 40).tomlQuoted
        }
        let rule = "RRULE \(TextSanitizer.echoed(first.event.rrule ?? "", limit: 60))"
        var message =
            (first.timedOut
                ? "event \(name(first.event)) takes too long to expand (\(rule): libical steps through every second or minute between its occurrences); "
                : "event \(name(first.event)) repeats more than \(first.allowance) times (\(rule)); ")
            + "its occurrences after \(first.after.formatted(.iso8601)) are left out"
        if cuts.count > 1 {
            let others = cuts.dropFirst()
            let named = others.prefix(3).map { name($0.event) }.joined(separator: ", ")
            message += " (and \(others.count) more events cut in this file: \(named)\(others.count > 3 ? ", …" : ""))"
        }
        return CalendarProblem(file: file, line: first.event.line, message: message)
    }
}
