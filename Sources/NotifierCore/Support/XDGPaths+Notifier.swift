import NotifierSystem

/// Where notifier keeps its own files under the XDG base directories.
extension XDGPaths {
    package var storePath: String { stateHome + "/notifier/notifier.sqlite" }
}
