import Foundation

/// The mute of a rule the engine does not decide (the launch country, a feed's health): its
/// alerts stop at delivery, noted in the words the engine notes its own mutes with, and those
/// that pass are noted as notified, so `notifier why` explains both.
public enum MuteGate {
    public static func apply(
        _ alerts: [Alert], outsideTheEngine rules: Set<String>, mutes: [String: Date], now: Date, timeZone: TimeZone
    ) -> (passed: [Alert], notes: [DecisionNote]) {
        var passed: [Alert] = []
        var notes: [DecisionNote] = []
        for alert in alerts {
            guard rules.contains(alert.rule) else {
                passed.append(alert)
                continue
            }
            let key = SubjectKey(rule: alert.rule, subject: alert.key)
            if let until = mutes[alert.rule], now < until {
                let end = NoteText.muted(until: until, now: now, timeZone: timeZone)
                notes.append(DecisionNote(key: key, at: now, outcome: .muted, detail: "not shown, \(alert.rule) is muted \(end)"))
            } else {
                passed.append(alert)
                notes.append(DecisionNote(key: key, at: now, outcome: .fired, detail: NoteText.notified(alert, emission: .fired)))
            }
        }
        return (passed, notes)
    }
}
