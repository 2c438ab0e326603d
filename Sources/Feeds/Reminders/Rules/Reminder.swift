import Foundation
import NotifierEngine

/// One reminder as the scheduler reads it: from a `[[reminders]]` entry or a one-off that
/// `notifier remind` stored.
public struct Reminder: Sendable, Equatable {
    public var name: String
    public var text: String
    public var schedule: ReminderSchedule
    /// Advance notices, seconds before the time.
    public var leads: [TimeInterval]
    /// Past this, an occurrence missed while notifier was not running is told as missed.
    public var late: TimeInterval
    /// Shown again this often until Done; `nil`: once.
    public var nag: TimeInterval?
    /// `quiet = "hold"`: held through quiet hours like other notifications.
    public var holdInQuietHours: Bool
    /// Stored by `notifier remind`, not in the config file.
    public var oneOff: Bool
    /// Where a click leads when not to `open reminder NAME` (a calendar event's view).
    public var link: DeepLink?
    /// What it is, for `why`, when not a `[[reminders]]` entry ("calendar event … in work.ics").
    public var source: String?

    public init(
        name: String, text: String, schedule: ReminderSchedule, leads: [TimeInterval] = [], late: TimeInterval = 7200,
        nag: TimeInterval? = nil, holdInQuietHours: Bool = false, oneOff: Bool = false
    ) {
        self.name = name
        self.text = text
        self.schedule = schedule
        self.leads = leads
        self.late = late
        self.nag = nag
        self.holdInQuietHours = holdInQuietHours
        self.oneOff = oneOff
        self.link = nil
        self.source = nil
    }
}

/// What a person pressed on a reminder's bubble, as the store keeps it.
public struct ReminderActions: Sendable, Equatable, Codable {
    /// Snooze: shown again once at this time, for the occurrence `snoozedKey`.
    public var snoozedUntil: Date?
    public var snoozedKey: String?
    /// Done: the occurrence whose nagging stops.
    public var doneKey: String?

    public init(snoozedUntil: Date? = nil, snoozedKey: String? = nil, doneKey: String? = nil) {
        self.snoozedUntil = snoozedUntil
        self.snoozedKey = snoozedKey
        self.doneKey = doneKey
    }
}
