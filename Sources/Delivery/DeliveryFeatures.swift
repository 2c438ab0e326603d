import NotifierCore

/// Delivery's features, one folder each, in the order their tables came to the store (a new one
/// goes last). The program hands them to its `Program`.
package enum DeliveryFeatures {
    package static let all: [any DeliveryFeature] = [
        PresenceFeature(),
        ChannelsFeature(),
        HistoryFeature(),
        AcknowledgeFeature(),
        SyncFeature(),
        DigestFeature(),
    ]
}
