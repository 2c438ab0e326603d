import ArgumentParser
import NotifierForecast

extension FeedView {
    /// `notifier open forecast Tallinn`.
    static let forecast = FeedView(.forecast, command: OpenForecast.self)
}
