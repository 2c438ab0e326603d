import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier remind "Call the bank" --at "2026-12-01 10:00"`: a one-off, kept in the store.
package struct RemindCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Add a reminder, once or recurring, in words or as before (kept in the store, not the config file).",
        discussion: """
            Examples:
              notifier remind "Call the bank" --at "2026-12-01 10:00"
              notifier remind "Take the bread out" --in 40m
              notifier remind "Stand up" --at 10:00        (the next 10:00)
              notifier remind "take out the bins every other tuesday at 9"
              notifier remind "Pay the rent" --every "last working day of every month" --at 10
              notifier remind "Helista emale" --at "homme kell 18"
            A time in words (English or Estonian, see `notifier when --help`) is echoed back with its
            next dates; on a terminal it asks "Keep it? [Y/n]", --yes (or a pipe) keeps it at once.
            `notifier list reminders` lists it, `notifier forget NAME` removes it.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "What the bubble says; it may end (or start) with when, such as \"… every other tuesday at 9\".")
    package var text: String

    @Option(
        help: ArgumentHelp(
            "\"YYYY-MM-DD HH:MM\", HH:MM for the next such time, or words (\"tomorrow at 9\"); with --every, its time of day.",
            valueName: "time"))
    package var at: String?

    @Option(name: .customLong("in"), help: ArgumentHelp("A duration from now, such as 2h, 40m or \"90 minutes\".", valueName: "duration"))
    package var after: String?

    @Option(help: ArgumentHelp("How it repeats, in words (\"every other tuesday\") or an `every` expression.", valueName: "phrase"))
    package var every: String?

    @Flag(help: "Keep it without asking (still printing what was understood).")
    package var yes = false

    @Option(help: ArgumentHelp("Its name, a-z, 0-9, _ and - (default: made from the text).", valueName: "name"))
    package var name: String?

    @Option(help: ArgumentHelp("An IANA time zone for --at (default: local).", valueName: "zone"))
    package var timeZone: String?

    package func validate() throws {
        if at != nil, after != nil { throw ValidationError("give --at or --in") }
        if every != nil, after != nil { throw ValidationError("--in does not go with --every; give --every with --at for its time") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= 500, !text.unicodeScalars.contains(where: VisibleText.isHidden) else {
            throw ValidationError("the text must be 1 to 500 characters without control characters")
        }
        if let name, let problem = EntryName.problem(name) { throw ValidationError("--name \(problem)") }
    }

    package func run(context: AppContext) throws {
        let now = context.now()
        guard let zone = ReminderTime.zone(timeZone ?? "") else {
            throw UserError.invalidArgument("--time-zone must be an IANA name such as Europe/Tallinn")
        }
        if let request = try phraseRequest() { return try keep(request, context: context, now: now, zone: zone) }
        let local = try Self.localTime(at: at, after: after, now: now, zone: zone)
        let store = try context.openStore()
        let taken = Set(context.config.reminders.map(\.name)).union(try store.oneOffReminders().map(\.name))
        let chosen = name ?? Self.name(for: text, taken: taken)
        guard !taken.contains(chosen) else { throw UserError.invalidArgument("a reminder called '\(chosen)' exists; choose another --name") }
        let stored = StoredReminder(name: chosen, text: text, at: local, timeZone: timeZone ?? "", createdAt: now)
        guard let reminder = stored.reminder, let when = reminder.schedule.occurrences(from: now, count: 1).first else {
            throw UserError.invalidArgument("\(local) is in the past")
        }
        guard try store.addOneOff(stored) else { throw UserError.invalidArgument("a reminder called '\(chosen)' exists; choose another --name") }
        print("\(chosen): \(when.line(in: zone))")
    }

    /// The local "YYYY-MM-DD HH:MM" it falls on.
    package static func localTime(at: String?, after: String?, now: Date, zone: TimeZone) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func text(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        }
        if let after {
            guard let duration = Duration.parse(after), duration > .zero, duration <= .seconds(3660 * 86400) else {
                throw UserError.invalidArgument("--in must be a duration such as 2h or 40m, got '\(TextSanitizer.singleLine(String(after.prefix(40))))'")
            }
            // To the nearest minute, as the one-off is stored as a local minute; the next one
            // where the nearest has passed ("--in 20s" at 10:00:50 is 10:01, not 10:00).
            let date = now.addingTimeInterval(Double(duration.components.seconds))
            let nearest = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60)
            return text(nearest > now ? nearest : Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60))
        }
        let given = at ?? ""
        if ReminderTime.dateTime(given) != nil { return given.replacingOccurrences(of: "T", with: " ") }
        if let time = ReminderTime.clock(given),
            let next = calendar.nextDate(
                after: now, matching: DateComponents(hour: time.hour, minute: time.minute, second: 0),
                matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first, direction: .forward)
        {
            return text(next)
        }
        throw UserError.invalidArgument("--at must be \"YYYY-MM-DD HH:MM\" or HH:MM, got '\(TextSanitizer.singleLine(String(given.prefix(40))))'")
    }

    /// "Call the bank" → "call-the-bank" (then "-2", "-3" when taken).
    package static func name(for text: String, taken: Set<String>) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        var base = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(40))
        while base.hasSuffix("-") { base.removeLast() }
        if base.isEmpty { base = "reminder" }
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}

/// `notifier forget NAME`: removes a one-off.
package struct ForgetCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Remove a one-off reminder of `notifier remind` (a config reminder: edit the config file)."
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The reminder's name.")
    package var name: String

    package func run(context: AppContext) throws {
        if context.config.reminders.contains(where: { $0.name == name }) {
            throw UserError.invalidArgument("'\(name)' is in the config file \(context.configFile ?? ""); remove its [[reminders]] table there")
        }
        let store = try context.openStore()
        guard try store.forgetOneOff(name) else {
            throw UserError.invalidArgument(
                "no one-off reminder called '\(TextSanitizer.singleLine(String(name.prefix(64))))'; `notifier list reminders` lists them")
        }
        print("forgot \(name)")
    }
}
