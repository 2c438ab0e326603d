import Foundation
import NotifierCore
import NotifierEngine

/// The country data set compiled into the binary: the default source, and the fallback when
/// no fetched snapshot exists.
public enum EmbeddedCountries {
    public static let catalog = CountryCatalog(text: text)
    /// The month the embedded data was taken upstream ("2024-12"); corrections are dated in the errata.
    public static var dataDate: String { snapshotDate }
    public static let sourceDescription = "embedded data set (REST Countries v3.1, \(snapshotDate); mledoze/countries, ODbL-1.0)"
}
