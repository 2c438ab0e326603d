import ArgumentParser
import NotifierCore
import NotifierEngine

extension FeedView {
    /// `notifier open forecast Tallinn`.
    package static let forecast = FeedView(.forecast, command: OpenForecast.self)
}
