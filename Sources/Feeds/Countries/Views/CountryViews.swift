import ArgumentParser
import NotifierCore
import NotifierEngine

extension FeedView {
    /// `notifier open country KZ`.
    package static let country = FeedView(.country, command: OpenCountry.self) { subjects, json, context in
        guard subjects.count == 1 else { return false }
        try OpenCountry.show(subjects[0], json: json, context: context())
        return true
    }
}
