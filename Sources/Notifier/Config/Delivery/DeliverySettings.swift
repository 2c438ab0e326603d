import Foundation
import NotifierEngine

/// `[delivery]`: how and when notifications go out.
struct DeliverySettings: ConfigSection {
    static let table = "delivery"

    /// `nil` for none; else notifications are held during these local hours.
    var quietHours: QuietHours?
    var rateLimitPerMinute = 10
    var groupWindow = Duration.zero
    /// The terminal a click opens a detail view in, as an argv prefix; empty to look for one.
    var terminal: [String] = []
    /// Fetch pictures such as flags (once each, then cached).
    var images = true
    /// A later alert about a subject updates its bubble instead of stacking another.
    var updateInPlace = true

    static let keys: [SectionKey<DeliverySettings>] = [
        .quietHours("quiet_hours", \.quietHours),
        .integer("rate_limit_per_minute", \.rateLimitPerMinute, in: 1...1000),
        .duration("group_window", \.groupWindow, atLeast: .zero),
        .command("terminal", \.terminal),
        .bool("images", \.images),
        .bool("update_in_place", \.updateInPlace),
    ]

    static let documented = #"""
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
        """#
}
