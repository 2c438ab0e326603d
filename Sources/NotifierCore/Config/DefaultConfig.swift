import NotifierEngine

/// `config default` and the documented `config/notifier.toml` (a test keeps the two equal; run
/// scripts/embed-config after changing a section's block): the preamble, then each section's
/// documented block in order.
package enum DefaultConfig {

    package static func text(sections: [ConfigSectionEntry], entryLists: [ConfigEntryList]) -> String {
        let blocks = sections.map(\.documented) + entryLists.map(\.documented)
        return preamble + "\n" + blocks.joined(separator: "\n\n") + "\n"
    }

    package static let preamble = #"""
        # notifier — the default configuration.
        #
        # Copy this file to ~/.config/notifier/config.toml (or $XDG_CONFIG_HOME/notifier/config.toml)
        # and change what you need; keys you leave out keep the values shown here. `notifier config
        # check` validates a file and prints the configuration in effect. Unknown keys, wrong types
        # and out-of-range values are errors (exit code 2) naming the file and line.
        #
        # Durations are strings: "30s", "15m", "6h", "1d", or combined: "1h30m".
        """# + "\n"
}
