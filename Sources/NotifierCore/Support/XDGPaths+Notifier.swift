import NotifierSystem

/// Where notifier keeps its own files under the XDG base directories.
extension XDGPaths {
    package var storePath: String { stateHome + "/notifier/notifier.sqlite" }
    /// Where each calendar file's expanded alarms are kept between passes.
    package var calendarCache: String { cacheHome + "/notifier/calendars" }
}
