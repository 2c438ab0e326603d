import NotifierCore

/// The dispatcher: its `[delivery]` table (quiet hours, the rate limit, grouping, the terminal a
/// click opens, pictures, updating in place, and the keys of presence and do-not-disturb, which
/// the table has always held).
package struct DispatcherFeature: DeliveryFeature {
    package let name = "delivery"
    package var configSections: [ConfigSectionEntry] { [ConfigSectionEntry(\.delivery, in: .delivery)] }
}
