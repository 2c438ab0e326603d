import Foundation

/// How long ago something was fetched, as every view says it: "45 s", "12 min", "3 h", "2 days".
public enum Elapsed {
    public static func short(from start: Date, to end: Date) -> String {
        let seconds = max(0, Int(end.timeIntervalSince(start)))
        switch seconds {
        case ..<120: return "\(seconds) s"
        case ..<7200: return "\(seconds / 60) min"
        case ..<172_800: return "\(seconds / 3600) h"
        default: return "\(seconds / 86400) days"
        }
    }
}
