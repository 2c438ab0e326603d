import Foundation
import NotifierEngine
import Testing

/// `FixedPoint` writes what printf's `%.Nf` writes, wherever it answers.
@Suite struct FixedPointTests {
    @Test func matchesPrintf() {
        var generator = SeededGenerator(seed: 20_261_130)
        var values: [Double] = [
            0, -0.0, 0.125, 0.375, 2.5, 3.5, 0.05, 0.15, 0.25, 1.005, 51.17, -71.45, 42.5, 1.52, 179.999, -180, 999_999.99, 1e6, 1e-9,
            -1e-9, 5e-5, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .ulpOfOne, 0.0005, 0.00005, 4_503_599_627_370_496 / 1e10,
        ]
        for step in 0..<20_000 { values += [Double(step) / 1000 + 0.0005, Double(step) / 100 + 0.005, Double(step) / 8] }
        for _ in 0..<50_000 { values.append(Double.random(in: -200...1000, using: &generator)) }
        for _ in 0..<5_000 { values.append(Double.random(in: 0...1e-3, using: &generator)) }
        var answered = 0
        for value in values {
            for places in 0...4 {
                guard let text = FixedPoint.text(value, places: places) else { continue }
                answered += 1
                #expect(text == String(format: "%.\(places)f", value), "\(value) to \(places) places")
            }
        }
        #expect(answered > values.count * 4)
        #expect(FixedPoint.text(.nan, places: 2) == nil && FixedPoint.text(2e6, places: 2) == nil && FixedPoint.text(1, places: 5) == nil)
    }
}
