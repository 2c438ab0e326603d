import Foundation
import Rules

/// The country data set compiled into the binary: the default source, and the fallback when
/// no fetched snapshot exists.
public enum EmbeddedCountries {
    public static let catalog = CountryCatalog(text: text)
    public static let sourceDescription = "embedded data set (REST Countries v3.1, \(snapshotDate); mledoze/countries, ODbL-1.0)"
}
