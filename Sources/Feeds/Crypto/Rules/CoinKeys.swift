import NotifierEngine
import Synchronization

/// The two subject keys of each coin of a rule (`BTC:up` and `BTC:down`), kept from one poll to
/// the next by the coin's place in the page. A page lists its coins in the same order poll after
/// poll, so nearly every coin finds its keys where the last poll left them, and a poll makes keys
/// only for coins that changed places: joining two strings was about a third of what a reading
/// cost. A coin takes the keys at its place only if they were made of its own symbol, so they are
/// the keys it would make anew.
final class CoinKeys: Sendable {
    /// A coin's link symbol and its two keys, as a poll hands them out: an object of constants,
    /// handed out with one retain. Handed out as a tuple, they were copied through the tuple's
    /// metadata key by key, then destroyed: 7 % of a poll of 10,000 coins.
    final class Keys: Sendable {
        let symbol: String
        let first: SubjectKey
        let second: SubjectKey

        init(symbol: String, first: SubjectKey, second: SubjectKey) {
            self.symbol = symbol
            self.first = first
            self.second = second
        }
    }

    private let rule: String
    private let suffixes: (String, String)
    private let entries = Mutex<[Keys]>([])

    init(rule: String, _ first: String, _ second: String) {
        self.rule = rule
        self.suffixes = (first, second)
    }

    /// Runs `body`, a poll, with what gives a coin's link symbol and keys from its place among the
    /// poll's coins, asked in order from 0, and its symbol as the page has it (`nil`: it has no
    /// link symbol, and takes no place). The places past the poll's last are forgotten.
    func poll<Result>(
        _ body: (_ keys: (_ place: Int, _ symbol: String) -> Keys?) -> Result
    ) -> Result {
        entries.withLock { entries in
            var count = 0
            let result = body { place, listed in
                // A symbol kept is a link symbol, so one listed as it is kept is its own.
                if place < entries.count, entries[place].symbol == listed {
                    count = max(count, place + 1)
                    return entries[place]
                }
                guard let symbol = Ticker.linkSymbol(listed) else { return nil }
                count = max(count, place + 1)
                if place < entries.count, entries[place].symbol == symbol { return entries[place] }
                let keys = Keys(
                    symbol: symbol, first: SubjectKey(rule: rule, subject: symbol + suffixes.0),
                    second: SubjectKey(rule: rule, subject: symbol + suffixes.1))
                if place < entries.count {
                    entries[place] = keys
                } else if place == entries.count {
                    entries.append(keys)
                }
                return keys
            }
            if entries.count > count { entries.removeLast(entries.count - count) }
            return result
        }
    }
}
