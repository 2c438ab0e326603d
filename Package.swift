// swift-tools-version:6.0
import PackageDescription

// scripts/test sets NOTIFIER_WARNINGS_AS_ERRORS=1: a warning in our own targets fails the suite,
// while the dependencies' warnings stay theirs (the flag is set per target, not with -Xswiftc).
let ourSwiftSettings: [SwiftSetting] =
    Context.environment["NOTIFIER_WARNINGS_AS_ERRORS"] == "1"
    ? [.unsafeFlags(["-warnings-as-errors"])] : []

/// Set by scripts/install-binary: ICU's data trimmed by scripts/icu-trim, linked in place of the
/// toolchain's (Sources/ICUData). Unset, every build links ICU's data as it comes.
let trimmedICUData: [CSetting] = {
    guard let path = Context.environment["NOTIFIER_ICU_DATA"], let symbol = Context.environment["NOTIFIER_ICU_SYMBOL"] else { return [] }
    return [.define("NOTIFIER_ICU_DATA", to: "\"\(path)\""), .define("NOTIFIER_ICU_SYMBOL", to: symbol)]
}()

/// Every library of ours, for the program and the tests that see all of it.
let layers: [Target.Dependency] = [
    "NotifierSystem", "NotifierEngine", "NotifierCore", "NotifierDelivery", "NotifierProgram", "NotifierCountries", "NotifierCrypto", "NotifierForecast",
    "NotifierHolidays",
    "NotifierReminders",
    "NotifierWatches", "NotifierSubscriptions",
]

/// What every feed library builds with beside the core: the system layer, its commands, its
/// logs, its tables.
let feedNeeds: [Target.Dependency] = [
    "NotifierSystem",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "GRDB", package: "GRDB.swift"),
]

/// One feed's library, module `Notifier<Feed>` in `Sources/Feeds/<Feed>`: the core and engine
/// under it, and `needs`, the system libraries only it uses. A file sees only what it imports,
/// members too (MemberImportVisibility): its `Rules/` import the engine alone, so its rules are
/// pure by the compiler's word (Tests/NotifierTests/RulesArePureTests.swift).
func feedLibrary(_ feed: String, needs: [Target.Dependency] = []) -> Target {
    .target(
        name: "Notifier\(feed)", dependencies: needs + ["NotifierCore", "NotifierEngine"] + feedNeeds, path: "Sources/Feeds/\(feed)",
        swiftSettings: ourSwiftSettings + [.enableUpcomingFeature("MemberImportVisibility")])
}

/// The tests of one library: it, the core, engine and system layer under it, and the shared
/// test support.
func libraryTests(_ name: String, of library: String) -> Target {
    .testTarget(
        name: name, dependencies: [.target(name: library), "NotifierCore", "NotifierEngine", "NotifierSystem", "TestSupport"],
        swiftSettings: ourSwiftSettings)
}

/// What a person meets, through real processes: the built program, daemons, private buses,
/// notification servers, desktops, terminals; the fault matrix; and the checks against reference
/// programs (python-dateutil, holidays, recurring-ical-events). Built only with
/// NOTIFIER_INTEGRATION=1 (scripts/test sets it), so that `swift test` alone is the fast lane.
let integrationTests: [Target] =
    Context.environment["NOTIFIER_INTEGRATION"] == "1"
    ? [
        // The processes, buses, sessions, terminals and stand-ins (SMTP, ntfy) the end-to-end
        // tests start: built for them alone.
        .target(
            name: "EndToEndSupport", dependencies: ["TestSupport", "NotifierSystem", .product(name: "Logging", package: "swift-log")],
            path: "Tests/EndToEndSupport", swiftSettings: ourSwiftSettings),
        .testTarget(
            name: "EndToEndTests", dependencies: ["NotifierPulse", "TestSupport", "EndToEndSupport", "ProgramTestSupport"] + layers,
            swiftSettings: ourSwiftSettings),
    ] : []

let package = Package(
    name: "notifier",
    products: [
        .executable(name: "notifier", targets: ["Notifier"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.20.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // No pkgConfig: libcurl's headers sit on the default include path, and the library is
        // opened with dlopen on first use (see shim.h) instead of linked, so that start-up does
        // not load it and its thirty dependencies.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libnotify with the GIO and GObject calls of the buses, and GLib's main loop: declared in
        // their shim.h and opened with dlopen on first use, not linked, so that a command that
        // never reaches the desktop (the views, `--once`, `config check`) does not load GLib and
        // the eleven libraries it brings. Their headers are only needed to check those
        // declarations (DesktopLibraryDeclarationsTests).
        .systemLibrary(
            name: "CNotify",
            providers: [.apt(["libnotify-dev"])]
        ),
        // ncursesw for the interactive views: terminfo, wide characters, resize, alternate screen.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libjq for the watches' selectors (Debian's libjq-dev has no pkg-config file); each
        // selector runs in a forked child with limits. Opened with dlopen on first use, not
        // linked, so that a daemon without watches never maps it (see shim.h).
        .systemLibrary(
            name: "CJQ",
            providers: [.apt(["libjq-dev"])]
        ),
        // libical for the calendars: iCalendar parsing and RRULE expansion (Sources/Feeds/Reminders/Calendars).
        // No pkgConfig: opened with dlopen on first use (see shim.h), not linked, so that a
        // config without calendars does not map libical and the system ICU it brings.
        .systemLibrary(
            name: "CICal",
            providers: [.apt(["libical-dev"])]
        ),
        // OpenSSL's libcrypto for HMAC-SHA256, the `[sync]` topic's signatures; opened with dlopen
        // on first use (see shim.h), not linked: a config without a sync key never maps it.
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // fork and exec with every signal at its default, which posix_spawn cannot (see shim.h).
        .systemLibrary(name: "CSpawn"),
        // Linux event descriptors (timers, file watches): the program sleeps until something is due.
        .systemLibrary(name: "CLinux"),
        // glibc's <malloc.h>: the daemon's heap settings (Sources/System/Host/Heap.swift).
        .systemLibrary(name: "CMalloc"),
        // GLib's main loop, run on a thread of its own (Sources/System/Host/GLibLoop.swift).
        .systemLibrary(name: "CGLib", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "ICUData", cSettings: trimmedICUData),
        // The layers: the system layer (HTTP, processes, time, text, the host; names nothing of
        // ours above it), the rule engine (pure decisions, Foundation only), the core every feed
        // builds on, and one library per feed (Sources/Feeds) that depends on the core and never
        // on another feed.
        .target(
            name: "NotifierSystem",
            dependencies: ["CCurl", "CGLib", "CLinux", "CMalloc", "CSpawn", .product(name: "Logging", package: "swift-log")],
            path: "Sources/System", swiftSettings: ourSwiftSettings),
        .target(name: "NotifierEngine", path: "Sources/Rules", swiftSettings: ourSwiftSettings),
        .target(
            name: "NotifierCore",
            dependencies: [
                "CNcurses", "NotifierEngine", "NotifierSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ], swiftSettings: ourSwiftSettings),
        // Delivery, a folder per feature (Sources/Delivery): the dispatcher, desktop bubbles,
        // channels, presence and do-not-disturb, acknowledgement and escalation, sync, history.
        // No feed names it: a feed hands its alerts to the core's `AlertDelivery`.
        .target(
            name: "NotifierDelivery",
            dependencies: [
                "CCrypto", "CNotify", "NotifierCore", "NotifierEngine", "NotifierSystem",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Delivery", swiftSettings: ourSwiftSettings),
        feedLibrary("Countries"),
        feedLibrary("Crypto"),
        feedLibrary("Forecast"),
        feedLibrary("Holidays"),
        feedLibrary("Reminders", needs: ["CICal", "CNotify"]),
        feedLibrary("Watches", needs: ["CJQ"]),
        feedLibrary("Subscriptions"),
        // The program: the one list of feeds, the root command, the program's own commands and
        // screens (status, history, ack, channel, rules, why, install, test), the runner and the
        // daemon service. The executable is its `main`.
        .target(
            name: "NotifierProgram",
            dependencies: [
                "NotifierSystem", "NotifierEngine", "NotifierCore", "NotifierDelivery", "NotifierCountries", "NotifierCrypto", "NotifierForecast",
                "NotifierHolidays",
                "NotifierReminders", "NotifierWatches", "NotifierSubscriptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Program", swiftSettings: ourSwiftSettings),
        .executableTarget(
            name: "Notifier",
            dependencies: ["ICUData", "NotifierProgram", "NotifierCore", "NotifierSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["exports.map", "symbol-order.txt", "text-layout.ld"],
            swiftSettings: ourSwiftSettings,
            // The release binary through lld with packed relative relocations (DT_RELR, glibc
            // 2.36+): 2.2 MB of relocation records become 17 KB, which the loader no longer
            // reads at every start (docs/performance.md). lld comes with the toolchain.
            // exports.map: the program exports no symbol of ours. The toolchain links executables
            // with -export-dynamic, which put every `package` declaration of the libraries in the
            // dynamic symbol table (24,000 symbols, searched by the loader at every start) and
            // kept the linker from dropping those the program never calls.
            // symbol-order.txt (scripts/symbol-order) and text-layout.ld: the code the idle daemon
            // runs together at the front of .text, so that the pages it faults in (64 KiB each) hold
            // little else: 19 of the 22 MB of code were resident at idle, 8 after (docs/performance.md).
            // --icf=all: functions identical to the byte (specializations, protocol witness thunks,
            // the C++ templates of ICU and the runtime) kept once: 2 MB less code. --icf=safe folds
            // 45 kB: Swift's objects carry no table of the functions whose addresses are taken.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/Notifier/exports.map",
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/Notifier/symbol-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                        "-Xlinker", "--icf=all",
                        "-Xlinker", "--script=\(Context.packageDirectory)/Sources/Notifier/text-layout.ld",
                    ], .when(configuration: .release)),
                // The one symbol GnuTLS looks up in the program (GnuTLSImplicitInit.swift), in every build.
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=_gnutls_global_init_skip"]),
            ]
        ),
        // The in-process figures of scripts/bench (decoding, rule evaluation); not a product.
        .executableTarget(
            name: "NotifierBench",
            dependencies: layers,
            path: "Benchmarks/NotifierBench",
            swiftSettings: ourSwiftSettings
        ),
        // What the test targets share: the loopback HTTP server, sample fixtures, the sandbox and
        // the program's runs, test clocks, the engine's fixtures.
        .target(
            name: "TestSupport",
            dependencies: [
                "NotifierCore", "NotifierEngine", "NotifierSystem", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: ourSwiftSettings
        ),
        // The calls the whole program's tests make, given `Program.notifier` (its config, its
        // store, its bubbles): one library for the program's, the snapshot and end-to-end tests.
        .target(
            name: "ProgramTestSupport", dependencies: layers + [.product(name: "GRDB", package: "GRDB.swift")], path: "Tests/ProgramTestSupport",
            swiftSettings: ourSwiftSettings),
        // A test target per library, seeing only what that library sees: the engine's, with its
        // own fixtures and no feed.
        .testTarget(
            name: "EngineTests", dependencies: ["NotifierEngine", "TestSupport"], swiftSettings: ourSwiftSettings),
        // The engine driven with the shipped rules (a price crossing, a holiday's link), and every
        // feed's decoder meeting the same hostile responses: it sees every library.
        .testTarget(
            name: "ShippedRulesTests", dependencies: layers + ["TestSupport", .product(name: "FlyingFox", package: "FlyingFox")],
            swiftSettings: ourSwiftSettings),
        .testTarget(name: "CoreTests", dependencies: ["NotifierCore", "NotifierEngine", "NotifierSystem", "TestSupport"], swiftSettings: ourSwiftSettings),
        .testTarget(
            name: "DeliveryTests",
            dependencies: [
                "NotifierDelivery", "NotifierCore", "NotifierEngine", "NotifierSystem", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["GnomeDeclarations.c"],
            swiftSettings: ourSwiftSettings),
        libraryTests("CountriesTests", of: "NotifierCountries"),
        libraryTests("CryptoTests", of: "NotifierCrypto"),
        libraryTests("ForecastTests", of: "NotifierForecast"),
        libraryTests("HolidaysTests", of: "NotifierHolidays"),
        libraryTests("RemindersTests", of: "NotifierReminders"),
        libraryTests("WatchesTests", of: "NotifierWatches"),
        libraryTests("SubscriptionsTests", of: "NotifierSubscriptions"),
        // A feed only the tests have, built as every feed is: one folder, this line, and one
        // entry in the tests' list of feeds (Tests/NotifierTests/TestedFeeds.swift).
        .target(name: "NotifierPulse", dependencies: ["NotifierCore", "NotifierEngine"] + feedNeeds, path: "Tests/PulseFeed", swiftSettings: ourSwiftSettings),
        // The assembled program's tests: its config, store, rounds, views and commands, with the
        // executable's list of feeds and the pulse feed beside them.
        .testTarget(name: "NotifierTests", dependencies: ["NotifierPulse", "TestSupport", "ProgramTestSupport"] + layers, swiftSettings: ourSwiftSettings),
        // The interactive views' plain layout at 80 columns, against committed references.
        .testTarget(
            name: "ViewSnapshotTests", dependencies: ["ProgramTestSupport", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")] + layers,
            exclude: ["__Snapshots__"], swiftSettings: ourSwiftSettings),
    ] + integrationTests,
    swiftLanguageModes: [.v6]
)
