import Foundation

import NotifierEngine

/// Fixed instants and a fixed calendar: no test reads the clock or the machine's time zone.
package enum TestTime {
    package static let origin = Date(timeIntervalSince1970: 1_750_000_000)

    /// `origin` plus some seconds.
    package static func at(_ seconds: Double) -> Date { origin.addingTimeInterval(seconds) }

    package static let tallinn: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Tallinn")!
        return calendar
    }()

    /// A wall-clock moment in Tallinn.
    package static func tallinn(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        tallinn.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}

package func sampleAlert(
    rule: String = "crypto_moves", key: String, title: String? = nil, urgency: Urgency = .normal,
    fragment: String? = nil, noun: String? = nil
) -> Alert {
    Alert(
        rule: rule, key: key, title: title ?? "\(key) moved", body: "details of \(key)", urgency: urgency,
        category: "x-notifier.test", deepLink: DeepLink.list(rule) ?? .history,
        groupFragment: fragment, groupNoun: noun
    )
}

/// Encodes and decodes with the settings the store uses.
package func roundTrip<T: Codable>(_ value: T) throws -> T {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(T.self, from: encoder.encode(value))
}
