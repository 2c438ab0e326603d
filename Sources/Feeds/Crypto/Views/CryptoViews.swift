import ArgumentParser
import NotifierCore
import NotifierEngine

extension FeedView {
    /// `notifier open crypto BTC`.
    package static let crypto = FeedView(.crypto, command: OpenCrypto.self) { subjects, json, context in
        guard subjects.count == 1 else { return false }
        try OpenCrypto.show(subjects[0], json: json, context: context())
        return true
    }
}
