import Foundation
import NotifierEngine

/// Random RRULE bodies a reminder's `every` may hold, from a seeded generator: every FREQ, with
/// INTERVAL, BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY (plain or with places), BYSETPOS
/// and UNTIL mixed, values near the edges (53, 366, −1, 29 February) more often than not. Many
/// never meet (week 1 in June), which is the point.
public struct RandomRRule {
    private var generator: SeededGenerator

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    private mutating func some(_ values: [Int], upTo count: Int) -> String {
        let picked = values.shuffled(using: &generator).prefix(Int.random(in: 1...count, using: &generator))
        return picked.map(String.init).joined(separator: ",")
    }

    /// One rule, "FREQ=…;…". `mixedPlaces`: BYDAY may mix plain weekdays with placed ones
    /// ("MO,1FR"), which dateutil reads as both at once where RFC 5545 means either.
    public mutating func next(mixedPlaces: Bool = false) -> String {
        let frequency = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].randomElement(using: &generator)!
        var parts = ["FREQ=" + frequency]
        if chance(0.3) { parts.append("INTERVAL=\(some([2, 3, 4, 5, 7, 12, 13, 52, 100, 400, 1000], upTo: 1))") }
        if chance(0.4) { parts.append("BYMONTH=" + some(Array(1...12), upTo: 3)) }
        if frequency == "YEARLY", chance(0.4) { parts.append("BYWEEKNO=" + some([1, 2, 5, 10, 26, 27, 52, 53, -1, -2, -52, -53], upTo: 2)) }
        if frequency == "YEARLY" || frequency == "DAILY", chance(0.3) {
            parts.append("BYYEARDAY=" + some([1, 2, 59, 60, 61, 100, 200, 365, 366, -1, -2, -365, -366], upTo: 2))
        }
        if frequency != "WEEKLY", chance(0.35) { parts.append("BYMONTHDAY=" + some([1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -31], upTo: 2)) }
        if chance(0.5) {
            var days = Self.weekdays.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)).map { $0 }
            if frequency == "MONTHLY" || frequency == "YEARLY", chance(0.5) {
                let places = [1, 2, 3, 4, 5, -1, -2] + (frequency == "YEARLY" ? [10, 20, 52, 53, -53] : [])
                let placed = mixedPlaces ? Int.random(in: 1...days.count, using: &generator) : days.count
                for index in 0..<placed { days[index] = "\(places.randomElement(using: &generator)!)" + days[index] }
            }
            parts.append("BYDAY=" + days.joined(separator: ","))
        }
        if chance(0.3) { parts.append("BYSETPOS=" + some([1, 2, 3, -1, -2, 10, -10, 366], upTo: 2)) }
        if chance(0.1) { parts.append("UNTIL=\(2024 + Int.random(in: 0...8, using: &generator))0\(Int.random(in: 1...9, using: &generator))15") }
        return parts.shuffled(using: &generator).joined(separator: ";")
    }
}
