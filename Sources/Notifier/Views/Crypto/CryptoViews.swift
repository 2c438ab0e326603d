import ArgumentParser
import NotifierCrypto

extension FeedView {
    /// `notifier open crypto BTC`.
    static let crypto = FeedView(.crypto, command: OpenCrypto.self) { subjects, json in
        guard subjects.count == 1 else { return false }
        try OpenCrypto.show(subjects[0], json: json, context: AppContext.load(configPath: nil))
        return true
    }
}
