import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `remind` with a time in words: `--every PHRASE`, `--at PHRASE`, `--in PHRASE`, or the phrase
/// at the end (or start) of the text. What was understood is echoed with the next three dates
/// before it is kept; on a terminal it asks first. The forms of before (`--at "2026-12-01
/// 10:00"`, `--at 10:00`, `--in 40m`) keep their own path and output.
extension RemindCommand {
    package struct PhraseRequest {
        var text: String
        var phrase: String
        var reading: PhraseReading
        var defaultTime: PhraseReading.TimeOfDay?
        /// The text held the phrase: the echo shows where it was cut.
        var split: Bool
    }

    /// `nil` for the forms of before; else the phrase to read, or a refusal as the person's line.
    package func phraseRequest() throws -> PhraseRequest? {
        /// `nil` for words that are no time phrase at all: the older forms' message says what to write.
        func read(_ phrase: String, option: String) throws -> PhraseReading? {
            do throws(PhraseRefusal) { return try PhraseReading(phrase) } catch {
                if error.unknownWord { return nil }
                throw UserError.invalidArgument("\(option) \(PhraseLexer.shown(phrase)): \(TextSanitizer.singleLine(error.description))")
            }
        }
        if let every {
            var time: PhraseReading.TimeOfDay?
            if let at {
                guard let given = ReminderSettings.timeOfDay(at) else {
                    throw UserError.invalidArgument("--at with --every is a time of day such as 9, 09:30 or 5 pm, got \(PhraseLexer.shown(at))")
                }
                time = given
            }
            let reading: PhraseReading
            if let compact = try? EveryExpression(parsing: every) {
                reading = PhraseReading(language: .en, shape: .repeating(compact, fromStart: false), time: nil)
            } else if let withEvery = try? PhraseReading("every " + every), withEvery.isRepeating, (try? PhraseReading(every)) == nil {
                reading = withEvery
            } else if let read = try read(every, option: "--every") {
                reading = read
            } else {
                do throws(EveryExpression.ParseError) { _ = try EveryExpression(parsing: every) } catch {
                    throw UserError.invalidArgument("--every \(error.message)")
                }
                return nil
            }
            guard reading.isRepeating else {
                throw UserError.invalidArgument("--every \(PhraseLexer.shown(every)) names one day, not a repeating one; give it as --at")
            }
            if let own = reading.time, let time, own != time {
                throw UserError.invalidArgument("--every names \(own.text) and --at \(time.text); give one of them")
            }
            return PhraseRequest(text: text, phrase: every, reading: reading, defaultTime: time, split: false)
        }
        if let after {
            guard Duration.parse(after) == nil else { return nil }
            guard let reading = try (try? PhraseReading("in " + after)) ?? read(after + " pärast", option: "--in") else { return nil }
            return PhraseRequest(text: text, phrase: after, reading: reading, defaultTime: nil, split: false)
        }
        if let at {
            guard ReminderTime.dateTime(at) == nil, ReminderTime.clock(at) == nil else { return nil }
            // "--at 9": the next 9:00, as --at 09:00.
            let time = PhraseReading.timeOfDay(at) != nil ? try? PhraseReading("at " + at) : nil
            guard let reading = try time ?? read(at, option: "--at") else { return nil }
            return PhraseRequest(text: text, phrase: at, reading: reading, defaultTime: nil, split: false)
        }
        do throws(PhraseRefusal) {
            let found = try PhraseSplit.split(text)
            return PhraseRequest(text: found.text, phrase: found.phrase, reading: found.reading, defaultTime: nil, split: true)
        } catch {
            throw UserError.invalidArgument("\(PhraseLexer.shown(String(text.prefix(80)))): \(TextSanitizer.singleLine(error.description))")
        }
    }

    /// Echoes what was understood, asks on a terminal, and keeps it.
    package func keep(_ request: PhraseRequest, context: AppContext, now: Date, zone: TimeZone) throws {
        let schedule = try WhenCommand.understand(request.phrase, reading: request.reading, now: now, zone: zone, defaultTime: request.defaultTime)
        let reminderText = request.text.trimmingCharacters(in: .whitespaces)
        guard !reminderText.isEmpty, reminderText.count <= 500, !reminderText.unicodeScalars.contains(where: VisibleText.isHidden) else {
            throw UserError.invalidArgument("the text must be 1 to 500 characters without control characters")
        }
        let store = try context.openStore()
        let taken = Set(context.config.reminders.map(\.name)).union(try store.oneOffReminders().map(\.name))
        let chosen = name ?? Self.name(for: reminderText, taken: taken)
        guard !taken.contains(chosen) else { throw UserError.invalidArgument("a reminder called '\(chosen)' exists; choose another --name") }
        let stored: StoredReminder
        switch schedule.timing {
        case .once(let year, let month, let day, let hour, let minute):
            let at = String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute)
            stored = StoredReminder(name: chosen, text: reminderText, at: at, timeZone: timeZone ?? "", createdAt: now)
        default:
            let time = schedule.timeOfDay?.text ?? "00:00"
            stored = StoredReminder(
                name: chosen, text: reminderText, at: time, timeZone: timeZone ?? "", createdAt: now, every: schedule.rrule ?? "",
                start: schedule.start?.description ?? "")
        }
        guard let reminder = stored.reminder else { throw UserError.invalidArgument("\(PhraseLexer.shown(request.phrase)) makes no schedule") }
        let next = reminder.schedule.occurrences(from: now, count: 3)
        var lines = ["reminder  \(reminderText)" + (request.split ? "   (when: \"\(request.phrase)\")" : ""), "when      \(schedule.understood)"]
        for (index, occurrence) in next.enumerated() { lines.append((index == 0 ? "next      " : "          ") + occurrence.line(in: zone)) }
        FileHandle.standardOutput.write(text: TextSanitizer.printable(lines.joined(separator: "\n") + "\n"))
        if !yes, isatty(STDIN_FILENO) == 1 {
            FileHandle.standardOutput.write(text: "Keep it? [Y/n] ")
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard Self.keeps(answer) else {
                print("not kept")
                return
            }
        }
        guard try store.addOneOff(stored) else { throw UserError.invalidArgument("a reminder called '\(chosen)' exists; choose another --name") }
        print("kept as \(chosen) (`notifier forget \(chosen)` removes it)")
    }

    /// Enter, y, yes (or Estonian jah, j) keep it; anything else does not.
    static func keeps(_ answer: String) -> Bool {
        ["", "y", "yes", "j", "jah"].contains(answer)
    }
}
