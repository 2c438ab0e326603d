import Foundation

/// The watches feed's part of the config, kept by type in `Config`.
extension Config {
    var watches: [WatchSettings] {
        get { self[[WatchSettings].self] }
        set { self[[WatchSettings].self] = newValue }
    }
}
