import NotifierCore
import NotifierEngine

extension NotificationAction {
    /// The buttons `alert`'s bubble offers where the server has `capabilities`.
    package static func offered(for alert: Alert, capabilities: Set<String>, in style: BubbleStyle) -> [NotificationAction] {
        guard capabilities.contains("actions") else { return [] }
        // A feed's own buttons may acknowledge already (a reminder's Done).
        if let owner = style.feeds.kind(ofRule: alert.rule) as? any BubbleActions, let own = owner.actions(for: alert) {
            let acknowledged = own.contains { acknowledges($0) || owner.acknowledges($0) }
            return alert.acknowledgeable == true && !acknowledged ? own + [.acknowledge] : own
        }
        let acknowledge: [NotificationAction] = alert.acknowledgeable == true ? [.acknowledge] : []
        guard style.silenceable.contains(alert.rule) else { return [.open] + acknowledge }
        // A group stands for several subjects: snoozing one of them from it would be a guess.
        return alert.members == nil ? [.open] + acknowledge + [.snooze, .mute] : [.open, .mute]
    }
}
