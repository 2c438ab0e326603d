import NotifierCore

/// Delivery's features, one folder each, in the order their tables came to the store (a new one
/// goes last), the dispatcher's first. The program hands them to its `Program`; the order is
/// also that of their tables in `config default` within a place, and of their checks.
package enum DeliveryFeatures {
    package static let all: [any DeliveryFeature] = [
        DispatcherFeature(),
        PresenceFeature(),
        ChannelsFeature(),
        HistoryFeature(),
        AcknowledgeFeature(),
        SyncFeature(),
        DigestFeature(),
    ]
}
