import Feeds
import Foundation
import Rules

extension Config {
    /// The enabled forecast rules, as their sections make them.
    var forecastRules: [any ForecastRule] {
        let rules: [(any ForecastRule)?] = [forecastTemperature.rule, forecastPrecipitation.rule, forecastSevere.rule, forecastWind.rule]
        return rules.compactMap { $0 }
    }

    /// Every coin a rule needs: the configured symbols and those of the price levels.
    var watchedSymbols: [String] {
        var symbols = crypto.symbols
        for level in cryptoCross.rule.levels where !symbols.contains(level.symbol) { symbols.append(level.symbol) }
        return symbols
    }
}

extension Double {
    /// 5, 4.5: what a user would write.
    var shortText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}

extension String {
    var keyPath: [String] { split(separator: ".").map(String.init) }

    var tomlQuoted: String {
        var quoted = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
