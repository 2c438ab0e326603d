import Foundation

/// Number formatting shared by rule bodies and detail views, always for a given locale.
public enum Formatting {
    public static func integer(_ value: Int, locale: Locale) -> String {
        value.formatted(.number.locale(locale))
    }

    public static func decimal(_ value: Double, locale: Locale, fractionDigits: Int = 0) -> String {
        value.formatted(.number.precision(.fractionLength(0...fractionDigits)).locale(locale))
    }
}
