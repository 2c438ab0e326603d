import Foundation
import NotifierCore
import NotifierEngine

/// The watches feed's part of the config, kept by type in `Config`.
extension Config {
    package var watches: [WatchSettings] {
        get { self[[WatchSettings].self] }
        set { self[[WatchSettings].self] = newValue }
    }
}
