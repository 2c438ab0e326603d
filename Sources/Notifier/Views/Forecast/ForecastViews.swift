import ArgumentParser
import Rules

extension FeedView {
    /// `notifier open forecast Tallinn`.
    static let forecast = FeedView(.forecast, command: OpenForecast.self)
}
