import Foundation
import NotifierCore
import NotifierEngine

extension DeepLink.View {
    /// One calendar event: summary, time, place, description, its file, the next occurrences;
    /// the argument is its UID (or, for a UID links cannot carry, its reminder's name).
    public static let event = DeepLink.View(rawValue: "event")
}

extension LinkedView {
    /// 1–80 bytes of ASCII letters, digits and `. _ - + =`: what most UIDs are made of (UUIDs,
    /// khal's). Others (Google's "…@google.com", which a link may not carry; Outlook's 112 hex
    /// digits, too long for one) are linked by their reminder's name, "event-…".
    public static let event = LinkedView("event") { argument in
        (1...80).contains(argument.utf8.count) && argument.utf8.allSatisfy(CalendarLinks.isLinkable)
    }
}

public enum CalendarLinks {
    static func isLinkable(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
            || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "=")].contains(byte)
    }

    /// The reminder name of an event: "event-" and 16 hex digits of FNV-1a over its UID, stable
    /// across runs (Swift's `hashValue` is not).
    public static func reminderName(uid: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uid.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "event-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The argument of an event's link: its UID when a link can carry it, else its name.
    public static func linkArgument(uid: String) -> String {
        LinkedView.event.isValid(uid) ? uid : reminderName(uid: uid)
    }
}

extension DeepLink {
    /// `notifier open event UID`.
    public static func event(uid: String) -> DeepLink? {
        DeepLink(.event, argument: CalendarLinks.linkArgument(uid: uid))
    }
}
