import Foundation
import NotifierCore
import NotifierEngine

/// What both forecast decoders share: scalars that may be a number or a string (OpenWeatherMap's
/// `cod`), one decoding entry point, and the plausible ranges of weather figures.
enum ForecastJSON {
    enum Scalar: Decodable {
        case number(Double)
        case string(String)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else {
                self = .other
            }
        }

        var number: Double? {
            switch self {
            case .number(let value): return value
            case .string(let text): return Double(text)
            case .other: return nil
            }
        }

        var string: String? { if case .string(let value) = self { value } else { nil } }
    }

    /// Decodes `type`, or throws what `failure` makes of a one-line description of the problem.
    static func decode<T: Decodable, Failure: Error>(_ type: T.Type, from data: Data, or failure: (String) -> Failure) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw failure(DecodingProblem.describe(error))
        }
    }

    /// Values outside what weather can be are a broken feed, not news: they become unknown.
    static func plausible(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
        guard let value, value.isFinite, range.contains(value) else { return nil }
        return value
    }

    static let temperatures = -100.0...70.0
    static let percentages = 0.0...100.0
    static let precipitation = 0.0...2000.0
    static let speeds = 0.0...500.0
}
