import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// libnotify, driven from one dedicated thread that runs GLib's main loop: action callbacks
/// arrive only while a loop runs, and libnotify is not thread-safe, so every call is handed to
/// that thread and every event comes back through `events`.
package final class DesktopNotifications: Sendable {
    package enum Event: Sendable {
        case activated(NotificationAction, ClickTarget)
        /// The server closed bubble `id` (1 expired, 2 dismissed, 3 closed by a call).
        case closed(id: UInt32, reason: Int)
        /// The notification server left the bus (it crashed or is restarting).
        case serverVanished
        /// A notification server owns the name again; its capabilities are read afresh.
        case serverAppeared
    }

    package struct ServerInfo: Sendable {
        package var name: String
        package var capabilities: Set<String>
        /// The unique bus name of the process that answered: another one is another server.
        package var owner: String?
        /// Whether a bubble has told this server's user where past notifications are.
        package var historyMentioned = false
    }

    /// The server as last asked: a server that comes back may be another one.
    package var server: ServerInfo { current.withLock { $0 } }
    private let current: Mutex<ServerInfo>
    package let events: AsyncStream<Event>
    /// How many bubbles this process has shown, so `--once --wait` knows how many closes to await.
    package var shownCount: Int { shown.withLock { $0 } }
    private let shown = Mutex(0)
    private let continuation: AsyncStream<Event>.Continuation

    /// Starts the loop, registers the app name and asks the server who it is. Fails when there
    /// is no session bus or no notification server on it. `mentionHistory`: whether the first
    /// bubble on a server without `persistence` says where past ones are; off for `--once`,
    /// which would say it on every run.
    package static func connect(appName: String = "notifier", mentionHistory: Bool = true, style: BubbleStyle) async -> Result<
        DesktopNotifications, DeliveryError
    > {
        GLibLoop.shared.start()
        let server = await GLibLoop.shared.run { () -> Result<ServerInfo, DeliveryError> in
            guard notify_is_initted() != 0 || notify_init(appName) != 0 else {
                return .failure(.desktop("libnotify could not start"))
            }
            guard let info = askServer() else { return .failure(.desktop("no notification server on the session bus")) }
            return .success(info)
        }
        guard case .success(var info) = server else { return server.map { DesktopNotifications(server: $0, mentionHistory: mentionHistory, style: style) } }
        info.historyMentioned = !mentionHistory
        let notifications = DesktopNotifications(server: info, mentionHistory: mentionHistory, style: style)
        await notifications.watchServer()
        return .success(notifications)
    }

    private let mentionHistory: Bool
    private let style: BubbleStyle

    private init(server: ServerInfo, mentionHistory: Bool, style: BubbleStyle) {
        current = Mutex(server)
        self.mentionHistory = mentionHistory
        self.style = style
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Follows the server's name on the bus, so a daemon outlives a crashed or restarted server.
    private func watchServer() async {
        await GLibLoop.shared.run {
            let box = Unmanaged.passRetained(WatchBox(self)).toOpaque()
            _ = g_bus_watch_name(
                G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
                onServerAppeared, onServerVanished, box, nil)
        }
    }

    /// `owner`: the name's new owner, `nil` when it has none. Capabilities are asked once per
    /// server: the watch's first report names the server `connect` has just asked.
    fileprivate func serverChanged(owner: String?) {
        guard let owner else {
            continuation.yield(.serverVanished)
            return
        }
        let known = current.withLock { info in
            defer { info.owner = owner }
            return info.owner == nil || info.owner == owner
        }
        if !known, let fresh = askServer() {
            current.withLock {
                $0 = ServerInfo(
                    name: fresh.name, capabilities: fresh.capabilities, owner: owner,
                    historyMentioned: !mentionHistory)
            }
        }
        continuation.yield(.serverAppeared)
    }

    /// What the next bubble for `alert` looks like on the current server; it counts as told.
    fileprivate func layout(for alert: Alert) -> BubbleLayout {
        current.withLock { info in
            var layout = BubbleLayout(alert, capabilities: info.capabilities, historyMentioned: info.historyMentioned, style: style)
            layout.summary = Redaction.scrub(layout.summary)
            layout.body = Redaction.scrub(layout.body)
            if layout.mentionsHistory { info.historyMentioned = true }
            return layout
        }
    }

    /// Whether the server was last slow to answer `Notify`: then bubbles are sent without
    /// waiting for its answer (see `BoundedShow`).
    package var serverIsSlow: Bool { slow.withLock { $0 } }
    private let slow = Mutex(false)

    /// `imagePath`: a local picture for the `image-path` hint; `replacing`: the bubble this one
    /// updates in place (a server may ignore it and show a new one). Returns the id the server
    /// gave once it has shown it, or `nil` when it has had the request for `BoundedShow.bound`
    /// without answering; `lateFailure` is told if that request fails after all.
    @discardableResult
    package func show(
        _ alert: Alert, imagePath: String? = nil, replacing: UInt32? = nil,
        clock: any Clock<Duration> = ContinuousClock(), lateFailure: (@Sendable (String) -> Void)? = nil
    ) async throws(DeliveryError) -> UInt32? {
        let continuation = continuation
        let bound = serverIsSlow ? Duration.zero : BoundedShow.bound
        // libnotify's objects stay on this call's thread until the server has them; their
        // callbacks then come on the GLib loop's thread, where libnotify's proxy lives.
        let outcome = await BoundedShow.run(bound: bound, clock: clock, lateFailure: lateFailure) { () -> BoundedShow.Outcome in
            let layout = self.layout(for: alert)
            guard let notification = notify_notification_new(layout.summary, layout.body, alert.icon) else {
                return .failed("libnotify could not create a notification")
            }
            notify_notification_set_urgency(notification, alert.urgency.libnotify)
            notify_notification_set_category(notification, layout.category)
            if let sound = layout.soundName { notify_notification_set_hint(notification, "sound-name", g_variant_new_string(sound)) }
            notify_notification_set_app_name(notification, "notifier")
            if let replacing { cnotify_set_id(notification, replacing) }
            for (hint, value) in [
                ("desktop-entry", "notifier"), ("x-notifier-deeplink", alert.deepLink.command),
                ("x-notifier-url", alert.deepLink.url),
            ] {
                notify_notification_set_hint(notification, hint, g_variant_new_string(value))
            }
            if let imagePath { notify_notification_set_hint(notification, "image-path", g_variant_new_string(imagePath)) }
            let box = CallbackBox(
                target: ClickTarget(alert), actions: layout.actions,
                continuation: continuation)
            for action in layout.actions {
                notify_notification_add_action(
                    notification, action.id, action.label, onAction,
                    Unmanaged.passRetained(box).toOpaque(), releaseBox)
            }
            // Our reference keeps the notification alive until the server closes it: disposing
            // it would disconnect the action callback.
            cnotify_connect_closed(notification, onClosed, Unmanaged.passRetained(box).toOpaque(), releaseClosure)

            var error: UnsafeMutablePointer<GError>?
            guard notify_notification_show(notification, &error) != 0 else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                g_error_free(error)
                cnotify_unref(notification)
                return .failed(message)
            }
            return .shown(id: cnotify_get_id(notification))
        }
        switch outcome {
        case .failed(let message):
            throw .desktop(message)
        case .shown(let id):
            slow.withLock { $0 = false }
            shown.withLock { $0 += 1 }
            return id
        case .unconfirmed:
            slow.withLock { $0 = true }
            shown.withLock { $0 += 1 }
            return nil
        }
    }

    /// Asks the server to close bubble `id` (`CloseNotification`). Returns why it failed, if it
    /// did: an id the server no longer knows is worth a debug line, not an error.
    package func close(id: UInt32, clock: any Clock<Duration> = ContinuousClock()) async -> String? {
        // Like `show`, on a thread of its own: a slow server must not hold the GLib loop.
        let outcome = await BoundedShow.run(bound: serverIsSlow ? .zero : BoundedShow.bound, clock: clock) { () -> BoundedShow.Outcome in
            guard let notification = notify_notification_new("", nil, nil) else { return .failed("libnotify could not create a notification") }
            defer { cnotify_unref(notification) }
            cnotify_set_id(notification, id)
            var error: UnsafeMutablePointer<GError>?
            guard notify_notification_close(notification, &error) != 0 else {
                defer { g_error_free(error) }
                return .failed(error.map { String(cString: $0.pointee.message) } ?? "unknown error")
            }
            return .shown(id: id)
        }
        if case .failed(let message) = outcome { return message }
        return nil
    }
}

extension Urgency {
    fileprivate var libnotify: NotifyUrgency {
        switch self {
        case .low: return NOTIFY_URGENCY_LOW
        case .normal: return NOTIFY_URGENCY_NORMAL
        case .critical: return NOTIFY_URGENCY_CRITICAL
        }
    }
}

/// The watcher's `user_data`; it lives as long as the process, as the watch does.
private final class WatchBox: Sendable {
    let notifications: DesktopNotifications
    init(_ notifications: DesktopNotifications) { self.notifications = notifications }
}

private func onServerAppeared(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ owner: UnsafePointer<CChar>?, _ userData: gpointer?) {
    guard let userData else { return }
    Unmanaged<WatchBox>.fromOpaque(userData).takeUnretainedValue().notifications.serverChanged(owner: owner.map { String(cString: $0) })
}

private func onServerVanished(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ userData: gpointer?) {
    guard let userData else { return }
    Unmanaged<WatchBox>.fromOpaque(userData).takeUnretainedValue().notifications.serverChanged(owner: nil)
}

/// What a C callback needs, passed as a retained `user_data` pointer.
private final class CallbackBox: Sendable {
    let target: ClickTarget
    /// The buttons this bubble offers: what a click's key can name.
    let actions: [NotificationAction]
    let continuation: AsyncStream<DesktopNotifications.Event>.Continuation
    init(target: ClickTarget, actions: [NotificationAction], continuation: AsyncStream<DesktopNotifications.Event>.Continuation) {
        self.target = target
        self.actions = actions
        self.continuation = continuation
    }
}

private func onAction(_ notification: UnsafeMutablePointer<NotifyNotification>?, _ action: UnsafeMutablePointer<CChar>?, _ userData: gpointer?) {
    guard let userData else { return }
    let box = Unmanaged<CallbackBox>.fromOpaque(userData).takeUnretainedValue()
    guard let id = action.map({ String(cString: $0) }), let action = box.actions.first(where: { $0.id == id }) else { return }
    var target = box.target
    // libnotify 0.8 keeps the ActivationToken signal that came with the click.
    if let notification, let token = notify_notification_get_activation_token(notification) {
        target.activationToken = String(cString: token)
    }
    box.continuation.yield(.activated(action, target))
}

private func onClosed(_ notification: UnsafeMutablePointer<NotifyNotification>?, _ userData: gpointer?) {
    guard let notification, let userData else { return }
    let box = Unmanaged<CallbackBox>.fromOpaque(userData).takeUnretainedValue()
    box.continuation.yield(.closed(id: cnotify_get_id(notification), reason: Int(cnotify_closed_reason(notification))))
    cnotify_unref(notification)
}

private func releaseBox(_ userData: gpointer?) {
    guard let userData else { return }
    Unmanaged<CallbackBox>.fromOpaque(userData).release()
}

private func releaseClosure(_ userData: gpointer?, _ closure: OpaquePointer?) {
    releaseBox(userData)
}

/// The server's name (`GetServerInformation`) and `GetCapabilities`; `nil` where none answers.
private func askServer() -> DesktopNotifications.ServerInfo? {
    var name: UnsafeMutablePointer<CChar>?
    var vendor: UnsafeMutablePointer<CChar>?
    var version: UnsafeMutablePointer<CChar>?
    var spec: UnsafeMutablePointer<CChar>?
    guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else { return nil }
    for text in [vendor, version, spec] { g_free(text) }
    defer { g_free(name) }
    return DesktopNotifications.ServerInfo(name: name.map { String(cString: $0) } ?? "unknown", capabilities: serverCapabilities())
}

private func serverCapabilities() -> Set<String> {
    var result: Set<String> = []
    var node = notify_get_server_caps()
    let list = node
    while let current = node {
        if let text = current.pointee.data { result.insert(String(cString: text.assumingMemoryBound(to: CChar.self))) }
        node = current.pointee.next
    }
    g_list_free_full(list, g_free)
    return result
}

/// The body is a small XML subset where the server has `body-markup`: feed text must not add tags.
package func escapeMarkup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}
