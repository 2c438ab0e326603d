import Synchronization

/// A value made on first use and kept: what a `Program` derives that most commands never read,
/// so that a start pays only for what it uses.
package final class Memo<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    package var value: Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
