import Foundation
import NotifierCore
import NotifierEngine

/// The watches feed's part of the config, kept by type in `Config`.
extension Config {
    package var watches: [WatchSettings] {
        get { self[[WatchSettings].self] }
        set { self[[WatchSettings].self] = newValue }
    }

    /// The watches the person wrote: without the example `config default` ships off
    /// (`swift-stars`), which a config without `[[watches]]` has too.
    package var ownWatches: [WatchSettings] {
        watches.filter { $0 != WatchSettings.example }
    }
}
