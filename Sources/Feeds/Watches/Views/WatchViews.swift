import ArgumentParser
import NotifierCore
import NotifierEngine

extension FeedView {
    /// `notifier open watch NAME`.
    package static let watch = FeedView(.watch, command: OpenWatch.self) { subjects, json, context in
        guard subjects.count == 1 else { return false }
        try OpenWatch.show(subjects[0], json: json, context: context())
        return true
    }
}
