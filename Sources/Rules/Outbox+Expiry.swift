import Foundation

extension Outbox {
    /// Takes out what waited past the moment its words stopped being true (a holiday's
    /// "tomorrow", held by quiet hours until the day itself): better unsaid than false, and the
    /// rule says it anew in today's words. A group keeps its members still true.
    mutating func removeExpired(now: Date) -> [Alert] {
        var expired: [Alert] = []
        var kept: [Entry] = []
        for var entry in entries {
            let members = entry.alert.individualAlerts
            let stale = members.filter { $0.validUntil.map { $0 <= now } ?? false }
            guard !stale.isEmpty else {
                kept.append(entry)
                continue
            }
            expired += stale
            let fresh = members.filter { member in !stale.contains { $0.identity == member.identity } }
            guard let first = fresh.first else { continue }
            entry.alert = fresh.count == 1 ? first : Self.grouped(fresh, at: now)
            kept.append(entry)
        }
        entries = kept
        return expired
    }
}
