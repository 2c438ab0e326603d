import Foundation
import NotifierCore
import NotifierEngine

/// The holidays settings' own kinds of key.
extension SectionKey {
    /// Days before a holiday to remind: [7, 1, 0].
    package static func leadDays(_ key: String, _ field: WritableKeyPath<Root, [Int]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be a list of whole days from 0 to 365 such as [7, 1, 0], got \(value.shownForError)"
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .integers(let days) = value, days.allSatisfy({ (0...365).contains($0) }) else { return problem }
                config[keyPath: field] = days
                return nil
            }, render: { "[" + $0[keyPath: field].map(String.init).joined(separator: ", ") + "]" })
    }

    /// A list of holiday kinds: "public", "folk", "national".
    package static func holidayKinds(_ key: String, _ field: WritableKeyPath<Root, [String]?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let known = Holiday.Kind.allCases.map(\.rawValue)
                // "" (how an unset list is written back): the `public` and `folk` switches decide.
                if value.stringValue == "" {
                    config[keyPath: field] = nil
                    return nil
                }
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .strings(let kinds) = value, kinds.allSatisfy(known.contains) else {
                    return
                        "must be a list of kinds from \(known.map { "\"\($0)\"" }.joined(separator: ", ")), such as [\"public\", \"folk\", \"national\"], got \(value.shownForError)"
                }
                config[keyPath: field] = kinds
                return nil
            },
            render: { config in
                config[keyPath: field].map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? "\"\""
            })
    }
}
