import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open forecast`: current conditions, a 7-day table with markers on what changed
/// since the previous stored forecast, and a temperature chart; the source and the age.
package struct ForecastView {
    package let latest: StoredForecast
    package let previous: StoredForecast?
    package let now: Date
    package let locale: Locale

    /// What moved enough since the previous forecast to be marked: ≥ 1 °C, ≥ 10 points of
    /// chance, ≥ 10 km/h of gusts, or another condition.
    package static func changes(_ day: ForecastDay, from before: ForecastDay?) -> [String: String] {
        guard let before else { return [:] }
        var changes: [String: String] = [:]
        func mark(_ name: String, _ new: Double?, _ old: Double?, by minimum: Double) {
            guard let new, let old, abs(new - old) >= minimum else { return }
            changes[name] = new > old ? "▲" : "▼"
        }
        mark("min", day.minTemperature, before.minTemperature, by: 1)
        mark("max", day.maxTemperature, before.maxTemperature, by: 1)
        mark("precipitationProbability", day.precipitationProbability, before.precipitationProbability, by: 10)
        mark("gusts", day.maxGusts, before.maxGusts, by: 10)
        if let new = day.condition, let old = before.condition, new != old { changes["condition"] = new > old ? "▲" : "▼" }
        return changes
    }

    package var sourceName: String { latest.forecast.source == "openweathermap" ? "OpenWeatherMap" : "Open-Meteo" }

    package func render(style: TerminalStyle) -> String {
        let forecast = latest.forecast
        var text = style.bold("\(forecast.place) — 7-day forecast") + "\n"
        if let current = forecast.current, current.temperature != nil || current.condition != nil {
            var parts = [current.temperature.map(ForecastText.temperature), current.condition.map { "\($0.symbol) \($0.word)" }].compactMap { $0 }
            if let wind = current.windSpeed { parts.append("wind \(ForecastText.speed(wind))") }
            if let gusts = current.gusts { parts.append("gusts \(ForecastText.speed(gusts))") }
            text += "Now: " + parts.joined(separator: ", ") + (current.time.map { style.dim("  (\($0) local)") } ?? "") + "\n"
        }
        text += "\n" + style.bold(Self.row(["Date", "Day", "Low", "High", "Rain", "mm", "Condition", "Gusts"])) + "\n"
        var anyChange = false
        for day in forecast.days {
            let changes = Self.changes(day, from: previous?.forecast.day(day.date))
            anyChange = anyChange || !changes.isEmpty
            func marked(_ value: String, _ key: String) -> String { value + (changes[key] ?? "") }
            text +=
                Self.row([
                    day.date.description,
                    String(ForecastText.weekday(day.date, locale: locale).prefix(3)),
                    marked(day.minTemperature.map(ForecastText.temperature) ?? "–", "min"),
                    marked(day.maxTemperature.map(ForecastText.temperature) ?? "–", "max"),
                    marked(day.precipitationProbability.map(ForecastText.percent) ?? "–", "precipitationProbability"),
                    day.precipitationSum.map { Formatting.decimal($0, locale: locale, fractionDigits: 1) } ?? "–",
                    marked(day.condition.map { "\($0.symbol) \($0.word)" } ?? "–", "condition"),
                    marked(day.maxGusts.map(ForecastText.speed) ?? "–", "gusts"),
                ]) + "\n"
        }
        text += "\n" + TemperatureChart.render(forecast.temperatures) + "\n"
        let age = Elapsed.short(from: latest.fetchedAt, to: now)
        var footer = "Source: \(sourceName), fetched \(UTCStamp.text(latest.fetchedAt)) (\(age) ago)"
        if let previous {
            footer +=
                anyChange
                ? "; ▲▼ changed since the forecast of \(Elapsed.short(from: previous.fetchedAt, to: now)) ago"
                : "; nothing changed since the forecast of \(Elapsed.short(from: previous.fetchedAt, to: now)) ago"
        }
        text += "\n" + style.dim(footer) + "\n"
        return TextSanitizer.printable(text)
    }

    private static let widths = [10, 3, 6, 6, 6, 5, 18, 9]

    private static func row(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : cell + String(repeating: " ", count: width - cell.count)
        }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }

    package struct JSONView: Encodable {
        package struct Day: Encodable {
            package var date: String
            package var weekday: String
            package var min: Double?
            package var max: Double?
            package var precipitationProbability: Double?
            package var precipitationSum: Double?
            package var condition: String?
            package var gusts: Double?
            /// Fields that moved since the previous forecast: "▲" or "▼".
            package var changed: [String: String]
        }
        package var place: String
        package var latitude: Double?
        package var longitude: Double?
        package var source: String
        package var fetchedAt: String
        package var previousFetchedAt: String?
        package var current: CurrentConditions?
        package var days: [Day]
    }

    package var json: JSONView {
        let forecast = latest.forecast
        return JSONView(
            place: forecast.place, latitude: forecast.latitude, longitude: forecast.longitude, source: forecast.source,
            fetchedAt: RelativeTime.iso(latest.fetchedAt), previousFetchedAt: previous.map { RelativeTime.iso($0.fetchedAt) },
            current: forecast.current,
            days: forecast.days.map { day in
                JSONView.Day(
                    date: day.date.description, weekday: ForecastText.weekday(day.date, locale: Locale(identifier: "en_US_POSIX")),
                    min: day.minTemperature, max: day.maxTemperature, precipitationProbability: day.precipitationProbability,
                    precipitationSum: day.precipitationSum, condition: day.condition?.word, gusts: day.maxGusts,
                    changed: Self.changes(day, from: previous?.forecast.day(day.date)))
            })
    }
}

/// Temperatures as a few rows of block characters, highest and lowest labelled.
package enum TemperatureChart {
    package static let blocks = Array(" ▁▂▃▄▅▆▇█")

    package static func render(_ values: [Double], rows: Int = 5, width: Int = 56) -> String {
        guard let low = values.min(), let high = values.max() else { return "no hourly temperatures" }
        // Averaged into at most `width` columns, so a week of hours fits a terminal.
        let perColumn = max(1, Int((Double(values.count) / Double(width)).rounded(.up)))
        let columns = stride(from: 0, to: values.count, by: perColumn).map { start in
            let slice = values[start..<min(values.count, start + perColumn)]
            return slice.reduce(0, +) / Double(slice.count)
        }
        let span = max(high - low, 0.1)
        let levels = columns.map { Int((($0 - low) / span * Double(rows * 8 - 1)).rounded()) + 1 }
        let labelWidth = 7
        var lines: [String] = []
        for row in (0..<rows).reversed() {
            let label = row == rows - 1 ? ForecastText.temperature(high) : row == 0 ? ForecastText.temperature(low) : ""
            let cells = String(levels.map { level in blocks[min(8, max(0, level - row * 8))] })
            lines.append(String(repeating: " ", count: max(0, labelWidth - label.count)) + label + " │" + cells)
        }
        return lines.joined(separator: "\n")
    }
}
