import CICal
import Foundation

extension CalendarExpansion {
    /// The starts an iterator makes, one at a time: libical's own, or those a child made.
    struct Made {
        var next: () -> icaltimetype
        var timedOut = false
    }

    /// A rule finer than a day with BY parts, expanded in a child process bounded in time
    /// (`cical_expand_bounded`): libical steps through every second between two of its matches,
    /// and without end when none can match. Up to the first start past `to` (a day later in
    /// wall time, for the zones).
    func boundedStarts(
        _ rule: icalrecurrencetype, dtstart: icaltimetype, start: icaltimetype?, anchor: CalendarTime, to: Date, steps: Int, milliseconds: Int
    ) -> Made {
        // Each Swift file has its own copy of the shim's state: loaded here too.
        guard cical_load_library() == nil else { return Made(next: { cical_icaltime_null_time() }) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = anchor.zone(local: local)
        let wall = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: to.addingTimeInterval(86400))
        let stop = Self.icalTime(
            year: wall.year ?? 9999, month: wall.month ?? 12, day: wall.day ?? 31, hour: wall.hour ?? 0, minute: wall.minute ?? 0,
            second: wall.second ?? 0, isDate: false)
        var buffer = [icaltimetype](repeating: cical_icaltime_null_time(), count: max(1, steps))
        var killed: Int32 = 0
        let count = buffer.withUnsafeMutableBufferPointer {
            cical_expand_bounded(rule, dtstart, start == nil ? 0 : 1, start ?? dtstart, stop, Int32(steps), Int32(milliseconds), $0.baseAddress, &killed)
        }
        let starts = Array(buffer.prefix(Int(max(0, count))))
        var index = 0
        return Made(
            next: {
                defer { index += 1 }
                return index < starts.count ? starts[index] : cical_icaltime_null_time()
            }, timedOut: killed != 0)
    }
}
