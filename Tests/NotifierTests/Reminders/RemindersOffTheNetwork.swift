@testable import Notifier

/// A registered feed kind that makes no request, left out of the fault matrix.
protocol OffTheNetwork {}

extension RemindersFeedKind: OffTheNetwork {}
