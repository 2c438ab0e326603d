import Foundation
import NotifierCore
import NotifierCountries
import NotifierCrypto
import NotifierDelivery
import NotifierEngine
import NotifierForecast
import NotifierHolidays
import NotifierProgram
import NotifierReminders
import NotifierSubscriptions
import NotifierWatches

/// Every fuzz target. A new decoder is one entry here, with its samples as globs; scripts/fuzz
/// lists, seeds and runs what this table holds.
enum FuzzTargets {
    static let samples = "Tests/Fixtures/"

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "countries-v3", seeds: [samples + "restcountries_v3*.json"], dictionary: "json.dict") { data in
            _ = try? RESTCountriesDecoder.decodeV3(data)
            // The merge of `fields=`-limited parts, here the same body twice.
            _ = try? RESTCountriesDecoder.decodeV3Parts([data, data])
        },
        FuzzTarget(name: "countries-v5", seeds: [samples + "restcountries_v5*.json"], dictionary: "json.dict") { data in
            _ = try? RESTCountriesDecoder.decodeV5Page(data)
        },
        FuzzTarget(name: "coinlore", seeds: [samples + "coinlore_*.json"], dictionary: "json.dict") { data in
            for tickers in [try? CoinLoreDecoder.decodeTickersPage(data), try? CoinLoreDecoder.decodeTickers(data)] {
                for ticker in tickers ?? [] {
                    require(ticker.priceUSD > 0, "a ticker with a price of \(ticker.priceUSD)")
                    require(!ticker.id.isEmpty && !ticker.symbol.isEmpty, "a ticker without id or symbol")
                }
            }
        },
        FuzzTarget(name: "holidays", seeds: [samples + "testntry_holidays_*.json"], dictionary: "json.dict") { data in
            _ = try? HolidaysDecoder.decode(data)
        },
        FuzzTarget(name: "openmeteo", seeds: [samples + "openmeteo_forecast_*.json"], dictionary: "json.dict") { data in
            _ = try? OpenMeteoDecoder.decodeForecast(data, place: "Berlin")
        },
        FuzzTarget(name: "openmeteo-search", seeds: [samples + "openmeteo_search_*.json"], dictionary: "json.dict") { data in
            _ = try? OpenMeteoDecoder.decodeSearch(data)
        },
        FuzzTarget(name: "openweathermap", seeds: [samples + "openweathermap_*.json"], dictionary: "json.dict") { data in
            _ = try? OpenWeatherMapDecoder.decodeForecast(data, place: "Berlin")
        },
        // One line of an ntfy topic's JSON stream: a message, another event, or refused.
        FuzzTarget(name: "ntfy-line", seeds: [], dictionary: "json.dict") { data in
            _ = NtfyEvent.read(data)
        },
        // A line of the `[sync]` topic and the message in it, from anyone who can publish there:
        // read or refused, what is read reads back the same, and the key's check never traps.
        FuzzTarget(name: "sync", seeds: [], dictionary: "json.dict") { data in
            let text: String
            switch NtfyLine.parse(data) {
            case .success(.message(let read)): text = read.message
            default: text = data.utf8Text ?? ""
            }
            guard case .success(let message) = SyncMessage.parse(text) else { return }
            require(SyncMessage.parse(message.text) == .success(message), "\(text) does not read back from \(message.text)")
            _ = syncSeal?.refusal(of: message)
        },
        // TOMLKit leaks every value it reads (scripts/lsan.supp).
        FuzzTarget(name: "config", seeds: ["config/notifier.toml"], dictionary: "toml.dict", checksLeaks: false) { data in
            // The same bytes as the keys and strings of a config, all escapes: any of them must
            // be read or refused, never crash.
            _ = try? ConfigLoader.parse(EscapedTOML.document(from: Array(data.prefix(256))), file: "escapes.toml", schema: program.schema)
            guard let text = data.utf8Text, let config = try? ConfigLoader.parse(text, file: "fuzz.toml", schema: program.schema) else { return }
            // What `config check` prints must read back as the same configuration, but for
            // the API keys, which it masks.
            let rendered = config.renderedTOML(program.schema)
            do {
                let reread = try ConfigLoader.parse(rendered, file: "rendered.toml", schema: program.schema)
                require(reread.withoutKeys == config.withoutKeys, "config check's output reads back differently:\n\(rendered)")
            } catch {
                fatalError("config check's output does not read back (\(error)):\n\(rendered)")
            }
        },
        FuzzTarget(name: "deeplink", seeds: [], dictionary: "deeplink.dict") { data in
            guard let text = data.utf8Text, let link = try? DeepLink(url: text, in: linkViews) else { return }
            require((try? DeepLink(url: link.url, in: linkViews)) == link, "\(text) does not round-trip through \(link.url)")
            require(link.arguments.allSatisfy { $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } }, "\(text) gives \(link.arguments)")
        },
        FuzzTarget(name: "recurrence", seeds: [], dictionary: "rrule.dict") { data in
            guard let text = data.utf8Text, let every = try? EveryExpression(parsing: text) else { return }
            // A rule the parser takes occurs, and its RRULE text reads back as the same rule.
            require(every.occursAtAll, "\(text) was taken but never occurs")
            var again = try? EveryExpression(parsing: "RRULE:" + every.rruleText)
            again?.text = every.text
            require(again == every, "\(text) does not read back from \(every.rruleText)")
            // Its dates from a start the input picks (any year the expansion knows), in order.
            let seconds = Double(data.reduce(UInt64(0)) { ($0 &* 31 &+ UInt64($1)) % 253_402_300_799 })
            let zone = TimeZone(identifier: "Europe/Tallinn")!
            let schedule = ReminderSchedule(timing: .repeating(every, hour: 3, minute: 30), timeZone: zone, holidays: .before)
            let dates = schedule.occurrences(from: Date(timeIntervalSince1970: seconds - 62_135_596_800), count: 8).map(\.date)
            require(dates == dates.sorted(), "\(text) gives dates out of order: \(dates)")
        },
        // Time phrases (`notifier when`, `remind`, a config's `every`), English and Estonian.
        FuzzTarget(name: "time-phrase", seeds: [], dictionary: "phrase.dict") { data in
            guard let text = data.utf8Text else { return }
            _ = try? PhraseSplit.split(text)
            let reading: PhraseReading
            do throws(PhraseRefusal) { reading = try PhraseReading(text) } catch {
                require(!error.description.isEmpty && !error.description.contains("\n"), "\(text) is refused without one line")
                return
            }
            let seconds = Double(data.reduce(UInt64(0)) { ($0 &* 31 &+ UInt64($1)) % 4_102_444_800 })
            let now = Date(timeIntervalSince1970: seconds)
            let zone = TimeZone(identifier: "Europe/Tallinn")!
            guard let schedule = try? reading.resolved(now: now, timeZone: zone, defaultTime: .init(hour: 9, minute: 0)) else { return }
            require(!schedule.understood.isEmpty, "\(text) is understood without words")
            if let every = schedule.every {
                // The rule it keeps reads back from its RRULE, and occurs.
                var again = try? EveryExpression(parsing: schedule.rrule ?? "")
                again?.start = every.start
                again?.text = every.text
                require(again == every, "\(text) does not read back from \(schedule.rrule ?? "")")
                require(every.occursAtAll, "\(text) was understood but never occurs")
            }
            let dates = ReminderSchedule(timing: schedule.timing, timeZone: zone).occurrences(from: now, count: 4).map(\.date)
            require(dates == dates.sorted(), "\(text) gives dates out of order: \(dates)")
        },
        FuzzTarget(name: "decimal", seeds: [], dictionary: "") { data in
            guard let text = data.utf8Text, let value = Ticker.parseDecimal(text) else { return }
            require(Ticker.parseDecimal(value.description) == value, "\(text) → \(value) does not round-trip")
        },
    ]
}

extension Config {
    var withoutKeys: Config {
        var config = self
        for (_, key) in program.schema.environmentKeys { config[keyPath: key] = "" }
        return config
    }
}

/// The program as `main` runs it (its one list of feeds, in the program library), for its
/// config tables and the links of its views.
let program = Program.notifier

/// A `[sync]` key's seal, for the check of what the topic carries.
let syncSeal = SyncSeal(key: Array("a fuzzing key of thirty-two bytes".utf8))

/// Every view of the program's feeds, as a click's link reaches it.
let linkViews = program.views.catalog
