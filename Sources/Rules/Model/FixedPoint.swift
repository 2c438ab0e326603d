/// printf's `%.Nf` of a double without `String(format:)`, whose first call in a process costs
/// more than a short command's own work. The double's exact binary value is rounded as glibc
/// rounds it: to the nearest, a tie to even (0.125 → "0.12"). `nil` where printf is left to
/// tell: NaN, infinite, a million or more in size, or more than four places.
public enum FixedPoint {
    private static let units = [1, 10, 100, 1000, 10000]

    /// `value` × 10^places, rounded as printf rounds the digits it prints; not negative (−0
    /// included).
    public static func scaled(_ value: Double, places: Int) -> Int? {
        guard value.sign == .plus, value < 1e6, units.indices.contains(places) else { return nil }
        let unit = units[places]
        // Below a thousandth of the last place it rounds to zero, whatever its bits.
        if value < 1e-3 / Double(unit) { return 0 }
        guard value.isNormal else { return nil }
        // value = significand · 2^-shift exactly; between 1e-7 and a million the shift is 33 to 76.
        let shift = 52 - Int(value.exponent)
        let scaled = UInt128(value.significandBitPattern | 1 << 52) * UInt128(unit)
        let whole = scaled >> shift
        let rest = scaled & (UInt128(1) << shift - 1)
        let half = UInt128(1) << (shift - 1)
        let up = rest > half || (rest == half && whole & 1 == 1)
        return Int(whole) + (up ? 1 : 0)
    }

    /// `String(format: "%.<places>f", value)`, or `nil` where printf is left to tell.
    public static func text(_ value: Double, places: Int) -> String? {
        if value.sign == .minus { return text(-value, places: places).map { "-" + $0 } }
        guard let scaled = scaled(value, places: places) else { return nil }
        guard places > 0 else { return String(scaled) }
        let fraction = String(scaled % units[places])
        return String(scaled / units[places]) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
