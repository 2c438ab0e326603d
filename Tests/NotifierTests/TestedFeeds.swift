@testable import Notifier

/// The feeds the tests run: the program's, and one that only the tests have, registered the way
/// a new feed is (see docs/architecture.md, "A feed only the tests have").
let testedFeeds: [any FeedKind] = FeedRegistry.all + [PulseFeedKind()]
