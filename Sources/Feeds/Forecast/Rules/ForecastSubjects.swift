import Foundation
import NotifierEngine

/// The forecast rules' subjects, `<place slug>/<date>/<aspect>`, read back: which belong to a
/// day that has passed, so the engine can forget them.
public enum ForecastSubjects {
    static let rules = Set(forecastRuleTypes.map { $0.id })

    /// Whether `key` is a forecast rule's subject of `place` for a day before `today`.
    public static func isPassed(_ key: SubjectKey, place: String, before today: CivilDate) -> Bool {
        guard rules.contains(key.rule) else { return false }
        let parts = key.subject.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == ForecastPlace.slug(place), let date = CivilDate(string: String(parts[1])) else {
            return false
        }
        return date < today
    }
}
