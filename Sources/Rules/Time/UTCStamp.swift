import Foundation

/// An instant as `date.formatted(.iso8601)` writes it, "2026-11-30T19:44:40Z", from the day
/// arithmetic `CivilDate` already has. That style sets up a Gregorian `Calendar` first, about
/// 7 % of the instructions of a view that shows one coin and the instant its data was fetched.
public enum UTCStamp {
    public static func text(_ date: Date) -> String {
        let seconds = (date.timeIntervalSince1970).rounded(.down)
        // From the Gregorian calendar's start (1582-10-15; before it, the style counts Julian
        // days) through 9999, where the two agree (tested); else, or not a number, the style.
        guard seconds >= -12_219_292_800, seconds < 253_402_300_800 else { return date.formatted(.iso8601) }
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86400 : (whole - 86399) / 86400
        let ofDay = whole - days * 86400
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(CivilDate(dayNumber: days))T\(pad(ofDay / 3600)):\(pad(ofDay / 60 % 60)):\(pad(ofDay % 60))Z"
    }
}
