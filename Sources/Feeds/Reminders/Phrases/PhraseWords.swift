import Foundation

/// The words of a time phrase, in English and Estonian, each turned into what it means. Estonian
/// words are listed with the case endings a person writes them in ("teisipäev", "teisipäeval",
/// "teisipäeviti"); English ones with their plurals and short forms. Only whole words match:
/// nothing is guessed from a part of one.
enum PhraseWord: Sendable, Equatable {
    enum Unit: String, Sendable, Equatable { case minute, hour, day, week, month, year }
    enum Group: Sendable, Equatable { case weekdays, weekend }

    case every
    /// "other": every second one.
    case other
    /// A place: 1 first … 31 (as "15th" or Estonian "15."), −1 last, −2 second-last. `alsoOther`:
    /// "second"/"teine", which also means "other".
    case ordinal(Int, alsoOther: Bool = false)
    case number(Int)
    /// 1 = Sunday … 7 = Saturday; `plural`: "tuesdays", "teisipäeviti" (each one).
    case weekday(Int, plural: Bool)
    case group(Group, plural: Bool)
    case workingDay
    case unit(Unit)
    case frequency(Unit)
    case month(Int)
    case today, tonight, tomorrow, dayAfterTomorrow, next, evening, morning
    /// "in" before a duration; "pärast" after one.
    case inside, after
    /// "at", "kell": a time of day follows.
    case at
    case am, pm, noon, midnight
    /// Estonian "kuupäeval": the ordinal before it is a day of the month.
    case dayOfMonth
    /// "a", "an": one, before a unit.
    case article
    /// Words that only join: the, of, on, and, ja.
    case filler
    // Made from digits by the lexer, never looked up:
    case clock(hour: Int, minute: Int)
    /// "9.30" or "24.12": a time or a date, as the words around it say.
    case dotted(Int, Int)
    case date(year: Int?, month: Int, day: Int)
}

enum PhraseWords {
    /// Whether a word belongs to English or Estonian; `nil` for both or neither (digits, "mai").
    static func lookUp(_ word: String) -> (PhraseWord, PhraseReading.Language?)? {
        if word == "," { return (.filler, nil) }
        if let meaning = english[word] { return (meaning, estonian[word] == nil ? .en : nil) }
        if let meaning = estonian[word] { return (meaning, .et) }
        return nil
    }

    static let english: [String: PhraseWord] = {
        var words: [String: PhraseWord] = [
            "every": .every, "each": .every, "other": .other, "alternate": .other,
            "today": .today, "tonight": .tonight, "tomorrow": .tomorrow, "tmrw": .tomorrow, "next": .next,
            "evening": .evening, "morning": .morning, "in": .inside, "at": .at, "@": .at,
            "am": .am, "pm": .pm, "noon": .noon, "midday": .noon, "midnight": .midnight,
            "daily": .frequency(.day), "weekly": .frequency(.week), "monthly": .frequency(.month),
            "yearly": .frequency(.year), "annually": .frequency(.year),
            "weekday": .group(.weekdays, plural: false), "weekdays": .group(.weekdays, plural: true),
            "weekend": .group(.weekend, plural: false), "weekends": .group(.weekend, plural: true),
            "workday": .workingDay, "workingday": .workingDay, "businessday": .workingDay,
            "dayaftertomorrow": .dayAfterTomorrow,
            "a": .article, "an": .article,
            "the": .filler, "of": .filler, "on": .filler, "and": .filler, ",": .filler, "o'clock": .filler, "from": .filler,
            "last": .ordinal(-1), "second-last": .ordinal(-2), "penultimate": .ordinal(-2),
        ]
        let units: [(PhraseWord.Unit, [String])] = [
            (.minute, ["minute", "minutes", "min", "mins"]), (.hour, ["hour", "hours", "hr", "hrs"]),
            (.day, ["day", "days"]), (.week, ["week", "weeks"]), (.month, ["month", "months"]), (.year, ["year", "years"]),
        ]
        for (unit, names) in units { for name in names { words[name] = .unit(unit) } }
        let days = [
            ["sunday", "sun"], ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed", "weds"],
            ["thursday", "thu", "thur", "thurs"], ["friday", "fri"], ["saturday", "sat"],
        ]
        for (index, names) in days.enumerated() {
            for name in names {
                words[name] = .weekday(index + 1, plural: false)
                words[name + "s"] = .weekday(index + 1, plural: true)
            }
        }
        let months = [
            ["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"], ["june", "jun"],
            ["july", "jul"], ["august", "aug"], ["september", "sep", "sept"], ["october", "oct"], ["november", "nov"],
            ["december", "dec"],
        ]
        for (index, names) in months.enumerated() { for name in names { words[name] = .month(index + 1) } }
        let ordinals = ["first", "second", "third", "fourth", "fifth"]
        for (index, name) in ordinals.enumerated() { words[name] = .ordinal(index + 1, alsoOther: index == 1) }
        let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        for (index, name) in numbers.enumerated() { words[name] = .number(index + 1) }
        return words
    }()

    static let estonian: [String: PhraseWord] = {
        var words: [String: PhraseWord] = [
            "iga": .every, "igal": .every, "igas": .every, "igale": .every,
            "täna": .today, "homme": .tomorrow, "ülehomme": .dayAfterTomorrow,
            "järgmine": .next, "järgmisel": .next, "järgmise": .next, "järgmist": .next,
            "õhtul": .evening, "täna-õhtul": .tonight, "õhtu": .evening, "hommikul": .morning, "pärast": .after, "kell": .at,
            "keskpäeval": .noon, "keskpäev": .noon, "südaööl": .midnight, "kesköö": .midnight, "keskööl": .midnight,
            "igapäevaselt": .frequency(.day), "iganädalaselt": .frequency(.week), "igakuiselt": .frequency(.month),
            "igaaastaselt": .frequency(.year),
            "tööpäeviti": .group(.weekdays, plural: true), "argipäeviti": .group(.weekdays, plural: true),
            "tööpäev": .workingDay, "tööpäeval": .workingDay, "tööpäeva": .workingDay,
            "nädalavahetusel": .group(.weekend, plural: true), "nädalavahetusele": .group(.weekend, plural: true),
            "nädalavahetuseti": .group(.weekend, plural: true), "nädalavahetustel": .group(.weekend, plural: true),
            "nädalavahetuselt": .group(.weekend, plural: true),
            "kuupäeval": .dayOfMonth, "kuupäev": .dayOfMonth,
            "ja": .filler, "ning": .filler, "tagant": .filler, "järel": .filler, "üle": .other,
            "viimane": .ordinal(-1), "viimasel": .ordinal(-1), "viimase": .ordinal(-1),
            "eelviimane": .ordinal(-2), "eelviimasel": .ordinal(-2),
            "üks": .number(1), "kaks": .number(2), "kolm": .number(3), "neli": .number(4), "viis": .number(5),
        ]
        let units: [(PhraseWord.Unit, [String])] = [
            (.minute, ["minut", "minuti", "minutit", "minuteid"]), (.hour, ["tund", "tunni", "tundi", "tunde"]),
            (.day, ["päev", "päeva", "päeval", "päevas", "päevad", "päevade"]),
            (.week, ["nädal", "nädala", "nädalas", "nädalal", "nädalat"]),
            (.month, ["kuu", "kuul", "kuud", "kuude"]), (.year, ["aasta", "aastas", "aastal", "aastat"]),
        ]
        for (unit, names) in units { for name in names { words[name] = .unit(unit) } }
        let days = ["pühapäev", "esmaspäev", "teisipäev", "kolmapäev", "neljapäev", "laupäev"]
        let numbers = [1, 2, 3, 4, 5, 7]
        for (name, weekday) in zip(days, numbers) {
            for ending in ["", "a", "al", "aks"] { words[name + ending] = .weekday(weekday, plural: false) }
            for ending in ["iti", "adel", "aviti"] { words[name + ending] = .weekday(weekday, plural: true) }
        }
        for name in ["reede", "reedel", "reedeks"] { words[name] = .weekday(6, plural: false) }
        for name in ["reediti", "reedeti", "reedetel"] { words[name] = .weekday(6, plural: true) }
        let months = [
            "jaanuar", "veebruar", "märts", "aprill", "mai", "juuni", "juuli", "august", "september", "oktoober", "november", "detsember",
        ]
        for (index, name) in months.enumerated() {
            // "detsember" → "detsembril", "detsembris"; "mai" → "mail".
            let stem = name.hasSuffix("ber") ? String(name.dropLast(2)) + "r" : name
            let endings = stem.hasSuffix("i") ? ["l", "s", "st"] : ["il", "is", "i", "ist"]
            for form in [name] + endings.map({ stem + $0 }) { words[form] = .month(index + 1) }
        }
        let ordinals = [
            ["esimene", "esimesel", "esimese"], ["teine", "teisel", "teise"], ["kolmas", "kolmandal", "kolmanda"],
            ["neljas", "neljandal", "neljanda"], ["viies", "viiendal", "viienda"],
        ]
        for (index, names) in ordinals.enumerated() { for name in names { words[name] = .ordinal(index + 1, alsoOther: index == 1) } }
        return words
    }()
}
