import NotifierSystem

extension XDGPaths {
    /// Where each calendar file's expanded alarms are kept between passes.
    package var calendarCache: String { cacheHome + "/notifier/calendars" }
}
