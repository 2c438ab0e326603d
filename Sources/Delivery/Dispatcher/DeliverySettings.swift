import Foundation
import NotifierCore
import NotifierEngine

/// `[delivery]`: how and when notifications go out.
package struct DeliverySettings: ConfigSection {
    package init() {}

    package static let table = "delivery"

    /// `nil` for none; else notifications are held during these local hours.
    package var quietHours: QuietHours?
    package var rateLimitPerMinute = 10
    package var groupWindow = Duration.zero
    /// The terminal a click opens a detail view in, as an argv prefix; empty to look for one.
    package var terminal: [String] = []
    /// Fetch pictures such as flags (once each, then cached).
    package var images = true
    /// A later alert about a subject updates its bubble instead of stacking another.
    package var updateInPlace = true
    /// Idle this long, or the screen locked, is away; zero: never away.
    package var awayAfter = Duration.seconds(300)
    /// The `[[channels]]` used while away, in order (the later ones fallbacks); empty: this desktop.
    package var whenAway: [String] = []
    package var doNotDisturb = DoNotDisturbPolicy.respect
    /// An event marked busy in `[calendars]` counts as do-not-disturb.
    package var busyCalendars = false
    /// Back at the desk: one bubble that says what went elsewhere.
    package var recap = true

    package enum DoNotDisturbPolicy: String, CaseIterable, Sendable {
        case respect, ignore
    }

    package var reach: ReachPolicy {
        ReachPolicy(awayAfter: awayAfter, whenAway: whenAway, respectDoNotDisturb: doNotDisturb == .respect, recap: recap)
    }

    package static let keys: [SectionKey<DeliverySettings>] = [
        .quietHours("quiet_hours", \.quietHours),
        .integer("rate_limit_per_minute", \.rateLimitPerMinute, in: 1...1000),
        .duration("group_window", \.groupWindow, atLeast: .zero),
        .command("terminal", \.terminal),
        .bool("images", \.images),
        .bool("update_in_place", \.updateInPlace),
        .duration("away_after", \.awayAfter, atLeast: .zero),
        .channelNames("when_away", \.whenAway),
        .choice("do_not_disturb", \.doNotDisturb),
        .bool("busy_calendars", \.busyCalendars),
        .bool("recap", \.recap),
    ]

    package static let documented = #"""
        [delivery]
        # Local hours during which notifications are held, not dropped, and delivered afterwards as one
        # summary: "22:00-08:00". "" for none.
        quiet_hours = ""
        # At most this many notifications a minute; the rest are summarised, not lost (1 to 1000).
        rate_limit_per_minute = 10
        # Alerts of one rule arriving within this long of the first become one notification ("0s": only
        # those of one poll). `--once` delivers at the end of its pass whatever is still gathering.
        group_window = "0s"
        # The terminal a click on a notification opens its detail view in: a command that runs the
        # arguments after it, e.g. ["kitty"] or ["gnome-terminal", "--"]. [] tries $TERMINAL (with -e),
        # x-terminal-emulator, xdg-terminal-exec and common terminals, else `xdg-open notifier://…`.
        terminal = []
        # Show pictures such as a country's flag: each is fetched once, then kept in
        # $XDG_CACHE_HOME/notifier/flags. false: nothing is fetched.
        images = true
        # One bubble per subject: a later alert about it (deeper, again, back to normal) updates the
        # bubble still on screen instead of stacking another; one that resolves silently is closed.
        update_in_place = true
        # Idle this long (or the screen locked) counts as away; "0s": never away.
        away_after = "5m"
        # The [[channels]] notifications go to instead of this desktop while you are away, in order:
        # the first that takes one is enough, the rest are fallbacks. []: this desktop only.
        when_away = []
        # "respect": while the desktop's do-not-disturb is on, hold what is not critical and show one
        # summary when it ends. "ignore": show everything.
        do_not_disturb = "respect"
        # true: an event marked busy in your [calendars] counts as do-not-disturb.
        busy_calendars = false
        # Back at the desk: one "While you were away: N" bubble that opens what went elsewhere.
        recap = true
        """#
}

extension Config {
    package var delivery: DeliverySettings {
        get { self[DeliverySettings.self] }
        set { self[DeliverySettings.self] = newValue }
    }
}
