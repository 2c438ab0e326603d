import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// Which deliveries `notifier history` shows: what was shown (or one group's members), newer
/// than `since`, holding the words of `grep`.
package struct HistoryFilter: Sendable, Equatable {
    package var limit: Int
    /// The group whose members to show; `nil`: what was shown itself.
    package var group: String? = nil
    package var since: Date? = nil
    /// What a person typed; made safe by `HistorySearch`.
    package var grep: String? = nil

    package init(limit: Int, group: String? = nil, since: Date? = nil, grep: String? = nil) {
        self.limit = limit
        self.group = group
        self.since = since
        self.grep = grep
    }

    package func searching(_ text: String) -> HistoryFilter {
        var filter = self
        filter.grep = text
        return filter
    }
}

extension Store {
    /// The full-text index over the history (SQLite's FTS5, in Debian's libsqlite3): an
    /// external-content table over `delivery`, so the text is stored once, kept in step by
    /// triggers whatever writes a row (an update only when it changes the text: a row's sink
    /// changes after the fact), and filled here for the rows already there.
    package static let historySearchMigration = StoreMigration("history: full-text index") { db in
        let columns = "title, body, rule, key, subject, reason"
        let old = "old.title, old.body, old.rule, old.key, old.subject, old.reason"
        let new = "new.title, new.body, new.rule, new.key, new.subject, new.reason"
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE delivery_search USING fts5(
                    \(columns), content='delivery', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
                CREATE TRIGGER delivery_search_insert AFTER INSERT ON delivery BEGIN
                    INSERT INTO delivery_search (rowid, \(columns)) VALUES (new.id, \(new));
                END;
                CREATE TRIGGER delivery_search_delete AFTER DELETE ON delivery BEGIN
                    INSERT INTO delivery_search (delivery_search, rowid, \(columns)) VALUES ('delete', old.id, \(old));
                END;
                CREATE TRIGGER delivery_search_update AFTER UPDATE OF \(columns) ON delivery BEGIN
                    INSERT INTO delivery_search (delivery_search, rowid, \(columns)) VALUES ('delete', old.id, \(old));
                    INSERT INTO delivery_search (rowid, \(columns)) VALUES (new.id, \(new));
                END;
                INSERT INTO delivery_search (delivery_search) VALUES ('rebuild');
                """)
    }

    /// The newest deliveries first that `filter` lets through. Text with no word in it finds nothing.
    package func history(_ filter: HistoryFilter) throws(StoreError) -> [Delivery] {
        var conditions = [filter.group == nil ? "group_id IS NULL" : "group_id = ?"]
        var arguments: StatementArguments = filter.group.map { [$0] } ?? []
        if let since = filter.since {
            conditions.append("delivered_at >= ?")
            arguments += [since]
        }
        if let grep = filter.grep {
            guard let query = HistorySearch.query(grep) else { return [] }
            conditions.append("id IN (SELECT rowid FROM delivery_search WHERE delivery_search MATCH ?)")
            arguments += [query]
        }
        return try history(where: conditions, arguments: arguments, limit: filter.limit)
    }
}
