import Feeds
import Foundation
import Rules

extension Config {
    /// Checks between keys; the key named is the one to fix.
    func crossCheck() -> (key: String, message: String)? {
        if cryptoChangeRearm >= cryptoChangeThreshold {
            return ("rules.crypto_change.rearm_percent",
                    "must be below threshold_percent (\(cryptoChangeThreshold.shortText)), got \(cryptoChangeRearm.shortText)")
        }
        if cryptoMoveRearm >= cryptoMovePercent {
            return ("rules.crypto_move.rearm_percent",
                    "must be below percent (\(cryptoMovePercent.shortText)), got \(cryptoMoveRearm.shortText)")
        }
        if forecastPrecipitationLow >= forecastPrecipitationHigh {
            return ("rules.forecast_precipitation.low_percent",
                    "must be below high_percent (\(forecastPrecipitationHigh.shortText)), got \(forecastPrecipitationLow.shortText)")
        }
        if forecastWindRearm >= forecastWindGusts {
            return ("rules.forecast_wind.rearm_kmh",
                    "must be below gusts_kmh (\(forecastWindGusts.shortText)), got \(forecastWindRearm.shortText)")
        }
        return nil
    }

    /// The enabled forecast rules, as the config sets them.
    var forecastRules: [any ForecastRule] {
        var rules: [any ForecastRule] = []
        if forecastTemperatureEnabled { rules.append(TemperatureShiftRule(shift: forecastTemperatureShift, urgency: forecastTemperatureUrgency)) }
        if forecastPrecipitationEnabled {
            rules.append(PrecipitationChangeRule(low: forecastPrecipitationLow, high: forecastPrecipitationHigh, urgency: forecastPrecipitationUrgency))
        }
        if forecastSevereEnabled { rules.append(SevereWeatherRule(urgency: forecastSevereUrgency)) }
        if forecastWindEnabled { rules.append(WindGustRule(threshold: forecastWindGusts, rearm: forecastWindRearm, urgency: forecastWindUrgency)) }
        return rules
    }

    /// The forecast source as the feed needs it. OpenWeatherMap with the Open-Meteo default
    /// base URL means its own public host.
    var forecastFeedSource: ForecastFeed.Source {
        switch forecastSource {
        case .openMeteo:
            return .openMeteo(baseURL: forecast.baseURL, geocodingURL: forecastGeocodingURL)
        case .openWeatherMap:
            let baseURL = forecast.baseURL == Config().forecast.baseURL ? "https://api.openweathermap.org" : forecast.baseURL
            return .openWeatherMap(baseURL: baseURL, apiKey: forecast.apiKey)
        }
    }

    var cryptoMoveRule: CryptoMoveRule {
        CryptoMoveRule(percent: cryptoMovePercent, rearmPercent: cryptoMoveRearm, window: cryptoMoveWindow,
                       policy: AlertPolicy(cooldown: cryptoMoveCooldown, repeatInterval: cryptoMoveRepeat,
                                           notifyWhenResolved: cryptoMoveNotifyResolved, flap: cryptoMoveFlap),
                       urgency: cryptoMoveUrgency,
                       overrides: cryptoMoveOverrides)
    }

    var upcomingHolidayRule: UpcomingHolidayRule {
        let time = try? QuietHours.ClockTime(parsing: holidayTime)
        return UpcomingHolidayRule(leadDays: holidayLeadDays, deliveryHour: time?.hour ?? 9, deliveryMinute: time?.minute ?? 0,
                                   includePublic: holidayKinds.map { $0.contains("public") } ?? holidayPublic,
                                   includeFolk: holidayKinds.map { $0.contains("folk") } ?? holidayFolk,
                                   includeNational: holidayKinds?.contains("national") ?? false)
    }

    var priceCrossingRule: PriceCrossingRule {
        PriceCrossingRule(levels: cryptoCrossLevels.compactMap(PriceCrossingRule.Level.init(parsing:)),
                          rearmPercent: cryptoCrossRearm, urgency: cryptoCrossUrgency, policy: AlertPolicy(flap: cryptoCrossFlap))
    }

    /// Every coin a rule needs: the configured symbols and those of the price levels.
    var watchedSymbols: [String] {
        var symbols = cryptoSymbols
        for level in priceCrossingRule.levels where !symbols.contains(level.symbol) { symbols.append(level.symbol) }
        return symbols
    }

    var cryptoChangeRule: CryptoChangeRule {
        CryptoChangeRule(window: cryptoChangeWindow, thresholdPercent: cryptoChangeThreshold, rearmPercent: cryptoChangeRearm,
                         policy: AlertPolicy(forDuration: cryptoChangeFor, cooldown: cryptoChangeCooldown,
                                             repeatInterval: cryptoChangeRepeat, notifyWhenResolved: cryptoChangeNotifyResolved,
                                             flap: cryptoChangeFlap),
                         urgency: cryptoChangeUrgency, overrides: cryptoChangeOverrides,
                         titleTemplate: cryptoChangeTitleTemplate.isEmpty ? nil : MessageTemplate(cryptoChangeTitleTemplate))
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
