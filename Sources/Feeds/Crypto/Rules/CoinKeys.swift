import NotifierEngine
import Synchronization

/// The two subject keys of each coin of a rule (`BTC:up` and `BTC:down`), kept from one poll to
/// the next by the coin's place in the page. A page lists its coins in the same order poll after
/// poll, so nearly every coin finds its keys where the last poll left them, and a poll makes keys
/// only for coins that changed places: joining two strings was about a third of what a reading
/// cost. A coin takes the keys at its place only if they were made of its own symbol, so they are
/// the keys it would make anew.
final class CoinKeys: Sendable {
    /// A coin's link symbol and its two keys, kept side by side in one array in the page's order
    /// and lent where they lie: a poll reads them coin after coin. As an object each, a poll of
    /// 10,000 coins waited on memory for every coin's; handed out as a tuple, they were copied
    /// through the tuple's metadata key by key, then destroyed.
    struct Keys: Sendable {
        let symbol: String
        let first: SubjectKey
        let second: SubjectKey

        /// Where no coin's keys are yet.
        static let vacant = Keys(symbol: "", first: SubjectKey(rule: "", subject: ""), second: SubjectKey(rule: "", subject: ""))
    }

    private let rule: String
    private let suffixes: (String, String)
    /// The keys of the last poll's coins, by place; the rest vacant.
    private let entries = Mutex<(keys: [Keys], kept: Int)>(([], 0))

    init(rule: String, _ first: String, _ second: String) {
        self.rule = rule
        self.suffixes = (first, second)
    }

    /// Runs `body`, a poll of at most `places` coins, with what gives a coin's link symbol and keys
    /// from its place among the poll's coins, asked in order from 0, and its symbol as the page has
    /// it (`nil`: it has no link symbol, and takes no place); lent for as long as `body` runs. The
    /// places past the poll's last are forgotten.
    func poll(places: Int, _ body: (_ keys: (_ place: Int, _ symbol: String) -> UnsafePointer<Keys>?) -> Void) {
        entries.withLock { entries in
            var (kept, count) = (entries.kept, 0)
            // Room for every place first, so that what is lent stays where it is.
            if entries.keys.count < places { entries.keys.append(contentsOf: repeatElement(.vacant, count: places - entries.keys.count)) }
            entries.keys.withUnsafeMutableBufferPointer { stored in
                body { place, listed in
                    guard place < stored.count else { return nil }
                    let entry = UnsafePointer(stored.baseAddress! + place)
                    // A symbol kept is a link symbol, so one listed as it is kept is its own.
                    if place < kept, entry.pointee.symbol == listed {
                        count = max(count, place + 1)
                        return entry
                    }
                    guard let symbol = Ticker.linkSymbol(listed) else { return nil }
                    count = max(count, place + 1)
                    if place < kept, entry.pointee.symbol == symbol { return entry }
                    stored[place] = Keys(
                        symbol: symbol, first: SubjectKey(rule: rule, subject: symbol + suffixes.0),
                        second: SubjectKey(rule: rule, subject: symbol + suffixes.1))
                    if place == kept { kept += 1 }
                    return entry
                }
            }
            entries.kept = min(kept, count)
            entries.keys.removeLast(entries.keys.count - entries.kept)
        }
    }
}
