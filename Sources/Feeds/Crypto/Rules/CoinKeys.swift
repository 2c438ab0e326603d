import NotifierEngine
import Synchronization

/// The two subject keys of each coin of a rule (`BTC:up` and `BTC:down`), kept from one poll to
/// the next by the coin's place in the page. A page lists its coins in the same order poll after
/// poll, so nearly every coin finds its keys where the last poll left them, and a poll makes keys
/// only for coins that changed places: joining two strings was about a third of what a reading
/// cost. A coin takes the keys at its place only if they were made of its own symbol, so they are
/// the keys it would make anew.
final class CoinKeys: Sendable {
    private struct Entry {
        var symbol: String
        var keys: (SubjectKey, SubjectKey)
    }

    private let rule: String
    private let suffixes: (String, String)
    private let entries = Mutex<[Entry]>([])

    init(rule: String, _ first: String, _ second: String) {
        self.rule = rule
        self.suffixes = (first, second)
    }

    /// Runs `body`, a poll, with what gives a coin's link symbol and keys from its place among the
    /// poll's coins, asked in order from 0, and its symbol as the page has it (`nil`: it has no
    /// link symbol, and takes no place). The places past the poll's last are forgotten.
    func poll<Result>(
        _ body: (_ keys: (_ place: Int, _ symbol: String) -> (symbol: String, keys: (SubjectKey, SubjectKey))?) -> Result
    ) -> Result {
        entries.withLock { entries in
            var count = 0
            let result = body { place, listed in
                // A symbol kept is a link symbol, so one listed as it is kept is its own.
                if place < entries.count, entries[place].symbol == listed {
                    count = max(count, place + 1)
                    return (listed, entries[place].keys)
                }
                guard let symbol = Ticker.linkSymbol(listed) else { return nil }
                count = max(count, place + 1)
                if place < entries.count, entries[place].symbol == symbol { return (symbol, entries[place].keys) }
                let keys = (SubjectKey(rule: rule, subject: symbol + suffixes.0), SubjectKey(rule: rule, subject: symbol + suffixes.1))
                if place < entries.count {
                    entries[place] = Entry(symbol: symbol, keys: keys)
                } else if place == entries.count {
                    entries.append(Entry(symbol: symbol, keys: keys))
                }
                return (symbol, keys)
            }
            if entries.count > count { entries.removeLast(entries.count - count) }
            return result
        }
    }
}
