import Feeds
import Foundation
import Rules

extension Config {
    /// Every key the config file may hold, in the order `config check` prints them; keys of one
    /// table stand together, since TOML allows each table header once.
    static let settings: [ConfigSetting] = [
        .bool("feeds.countries.enabled", \.countries.enabled),
        .choice("feeds.countries.source", \.countriesSource),
        .url("feeds.countries.base_url", \.countries.baseURL),
        .string("feeds.countries.api_key", \.countries.apiKey, secret: true),
        .duration("feeds.countries.interval", \.countries.interval, atLeast: .seconds(60)),
        .bool("feeds.crypto.enabled", \.crypto.enabled),
        .url("feeds.crypto.base_url", \.crypto.baseURL),
        .duration("feeds.crypto.interval", \.crypto.interval, atLeast: .seconds(10)),
        .symbols("feeds.crypto.symbols", \.cryptoSymbols),
        .integer("feeds.crypto.top", \.cryptoTop, in: 0...100),
        .integer("feeds.crypto.degraded_after", \.cryptoDegradedAfter, in: 1...1000),
        .bool("feeds.holidays.enabled", \.holidays.enabled),
        .choice("feeds.holidays.source", \.holidaysSource),
        .url("feeds.holidays.base_url", \.holidays.baseURL),
        .string("feeds.holidays.api_key", \.holidays.apiKey, secret: true),
        .duration("feeds.holidays.interval", \.holidays.interval, atLeast: .seconds(60)),
        .duration("feeds.holidays.cache_ttl", \.holidaysCacheTTL, atLeast: .zero),
        .bool("feeds.forecast.enabled", \.forecast.enabled),
        .choice("feeds.forecast.source", \.forecastSource),
        .url("feeds.forecast.base_url", \.forecast.baseURL),
        .string("feeds.forecast.api_key", \.forecast.apiKey, secret: true),
        .duration("feeds.forecast.interval", \.forecast.interval, atLeast: .seconds(60)),
        .url("feeds.forecast.geocoding_url", \.forecastGeocodingURL),
        .places("feeds.forecast.places", \.forecastPlaces),
        .integer("feeds.forecast.degraded_after", \.forecastDegradedAfter, in: 1...1000),
        .bool("rules.launch_country.enabled", \.launchCountryEnabled),
        .integer("rules.launch_country.delay_seconds", \.launchCountryDelaySeconds, in: 0...60),
        .bool("rules.holiday_upcoming.enabled", \.holidayRuleEnabled),
        .leadDays("rules.holiday_upcoming.lead_days", \.holidayLeadDays),
        .clockTime("rules.holiday_upcoming.time", \.holidayTime),
        .bool("rules.holiday_upcoming.public", \.holidayPublic),
        .bool("rules.holiday_upcoming.folk", \.holidayFolk),
        .holidayKinds("rules.holiday_upcoming.kinds", \.holidayKinds),
        .weekday("views.week_first_day", \.weekFirstDay),
        .bool("rules.crypto_change.enabled", \.cryptoChangeEnabled),
        .choice("rules.crypto_change.window", \.cryptoChangeWindow),
        .number("rules.crypto_change.threshold_percent", \.cryptoChangeThreshold, in: 0.1...1000),
        .number("rules.crypto_change.rearm_percent", \.cryptoChangeRearm, in: 0...1000),
        .duration("rules.crypto_change.for", \.cryptoChangeFor, atLeast: .zero),
        .duration("rules.crypto_change.cooldown", \.cryptoChangeCooldown, atLeast: .zero),
        .bool("rules.crypto_change.notify_resolved", \.cryptoChangeNotifyResolved),
        .choice("rules.crypto_change.urgency", \.cryptoChangeUrgency),
        .optionalDuration("rules.crypto_change.repeat", \.cryptoChangeRepeat),
        .template("rules.crypto_change.title", \.cryptoChangeTitleTemplate, fields: CryptoChangeRule.templateFields),
        .changeOverrides("rules.crypto_change.overrides", \.cryptoChangeOverrides),
        .flap("rules.crypto_change.flap", \.cryptoChangeFlap),
        .bool("rules.crypto_move.enabled", \.cryptoMoveEnabled),
        .number("rules.crypto_move.percent", \.cryptoMovePercent, in: 0.1...1000),
        .number("rules.crypto_move.rearm_percent", \.cryptoMoveRearm, in: 0...1000),
        .duration("rules.crypto_move.window", \.cryptoMoveWindow, atLeast: .seconds(60)),
        .duration("rules.crypto_move.cooldown", \.cryptoMoveCooldown, atLeast: .zero),
        .optionalDuration("rules.crypto_move.repeat", \.cryptoMoveRepeat),
        .bool("rules.crypto_move.notify_resolved", \.cryptoMoveNotifyResolved),
        .choice("rules.crypto_move.urgency", \.cryptoMoveUrgency),
        .changeOverrides("rules.crypto_move.overrides", \.cryptoMoveOverrides, level: "percent"),
        .flap("rules.crypto_move.flap", \.cryptoMoveFlap),
        .bool("rules.crypto_cross.enabled", \.cryptoCrossEnabled),
        .priceLevels("rules.crypto_cross.levels", \.cryptoCrossLevels),
        .number("rules.crypto_cross.rearm_percent", \.cryptoCrossRearm, in: 0...50),
        .choice("rules.crypto_cross.urgency", \.cryptoCrossUrgency),
        .flap("rules.crypto_cross.flap", \.cryptoCrossFlap),
        .bool("rules.forecast_temperature.enabled", \.forecastTemperatureEnabled),
        .number("rules.forecast_temperature.shift", \.forecastTemperatureShift, in: 0.5...50),
        .choice("rules.forecast_temperature.urgency", \.forecastTemperatureUrgency),
        .bool("rules.forecast_precipitation.enabled", \.forecastPrecipitationEnabled),
        .number("rules.forecast_precipitation.low_percent", \.forecastPrecipitationLow, in: 1...100),
        .number("rules.forecast_precipitation.high_percent", \.forecastPrecipitationHigh, in: 1...100),
        .choice("rules.forecast_precipitation.urgency", \.forecastPrecipitationUrgency),
        .bool("rules.forecast_severe.enabled", \.forecastSevereEnabled),
        .choice("rules.forecast_severe.urgency", \.forecastSevereUrgency),
        .bool("rules.forecast_wind.enabled", \.forecastWindEnabled),
        .number("rules.forecast_wind.gusts_kmh", \.forecastWindGusts, in: 1...500),
        .number("rules.forecast_wind.rearm_kmh", \.forecastWindRearm, in: 0...500),
        .choice("rules.forecast_wind.urgency", \.forecastWindUrgency),
        .quietHours("delivery.quiet_hours", \.quietHours),
        .integer("delivery.rate_limit_per_minute", \.rateLimitPerMinute, in: 1...1000),
        .duration("delivery.group_window", \.groupWindow, atLeast: .zero),
        .command("delivery.terminal", \.terminal),
        .bool("delivery.images", \.images),
        .bool("delivery.update_in_place", \.updateInPlace),
        .integer("history.days", \.historyDays, in: 1...3650),
    ]

    static let settingsByKey = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
    /// Tables that may appear, with or without keys of their own.
    static let tables: Set<String> = Set(settings.flatMap { setting in
        (1..<setting.path.count).map { setting.path.prefix($0).joined(separator: ".") }
    })

    /// The effective config as TOML, keys masked.
    func renderedTOML() -> String {
        var text = ""
        var table = ""
        for setting in Self.settings {
            let owner = setting.path.dropLast().joined(separator: ".")
            if owner != table {
                text += (text.isEmpty ? "" : "\n") + "[\(owner)]\n"
                table = owner
            }
            text += "\(setting.path.last!) = \(setting.render(self))\n"
        }
        return text
    }
}
