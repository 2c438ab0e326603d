import Glibc
import Synchronization

/// The pages of code and read-only data this process maps from its binary and libraries, let go
/// of while the daemon rests. Start-up touches far more of them than a poll does (Foundation, ICU
/// and GLib set themselves up, the config is parsed, the store migrated), and they stay mapped,
/// counted in the daemon's RSS, for the process's life: 25 of an idle daemon's 35 MiB. Unmapped,
/// they stay in the page cache, shared with every other process; the next poll maps back from
/// there what it runs. Measured in docs/performance.md.
package enum MappedFilePages {
    /// Set by `releaseWhileResting`, which the program's `main` calls: a process that hosts this
    /// code without it (the test bundle) keeps its pages.
    private static let releasing = Atomic<Bool>(false)

    package static func releaseWhileResting() {
        releasing.store(true, ordering: .relaxed)
    }

    /// Unmaps the unwritten pages of read-only file mappings, if `releaseWhileResting` was called.
    package static func releaseIfResting() {
        guard releasing.load(ordering: .relaxed) else { return }
        release()
    }

    /// Unmaps every read-only, private file mapping none of whose pages was ever written; returns
    /// the bytes of the ranges let go. Such a mapping holds nothing but the file's own bytes, so
    /// `MADV_DONTNEED` loses nothing: a later read maps the same bytes back. A mapping with a written
    /// page (relocated data, a debugger's breakpoint) is left whole.
    @discardableResult
    package static func release() -> Int {
        var released = 0
        for range in readSmaps().ranges {
            guard let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound) else { continue }
            if madvise(start, range.count, MADV_DONTNEED) == 0 { released += range.count }
        }
        return released
    }

    /// /proc/self/smaps (some 230 KB), read line by line through one small buffer: holding it
    /// whole would leave the heap that much larger after every rest.
    private static func readSmaps() -> CleanFileMappings {
        var mappings = CleanFileMappings()
        let descriptor = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return mappings }
        defer { close(descriptor) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16 * 1024)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return mappings }
        var filled = 0
        // Within a line longer than the buffer (no line of smaps is): skipped to its end.
        var skipping = false
        while true {
            let count = read(descriptor, base + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
            var start = 0
            while let end = buffer[start..<filled].firstIndex(of: UInt8(ascii: "\n")) {
                if !skipping { mappings.consume(buffer[start..<end]) }
                skipping = false
                start = end + 1
            }
            if start == 0, filled == buffer.count {
                skipping = true
                filled = 0
                continue
            }
            memmove(base, base + start, filled - start)
            filled -= start
        }
        return mappings
    }
}

/// The address ranges of /proc/PID/smaps that may be unmapped without losing a byte: private,
/// not writable, backed by a file (an inode, a path), resident, and with no anonymous (written)
/// page. A value: the decision apart from the system calls, so that it can be checked on text.
package struct CleanFileMappings: Equatable {
    package private(set) var ranges: [Range<UInt>] = []

    private var candidate: Range<UInt>?
    private var resident = false

    package init() {}

    package init(smaps: some Collection<UInt8>) {
        for line in smaps.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) { consume(line) }
    }

    /// One line of smaps, without its newline.
    package mutating func consume(_ line: some Collection<UInt8>) {
        // A mapping's first line starts with its address in lowercase hex; its fields' names
        // (`Rss:`, `Anonymous:`) start with a capital.
        guard let first = line.first else { return }
        if Self.hexValue(first) != nil {
            candidate = Self.candidate(line)
            resident = false
        } else if candidate != nil, let kilobytes = Self.field("Rss:", line) {
            resident = kilobytes > 0
        } else if let range = candidate, let kilobytes = Self.field("Anonymous:", line) {
            if kilobytes == 0, resident { ranges.append(range) }
            candidate = nil
        }
    }

    /// A mapping's first line, `start-end perms offset dev inode path`: its range when it may be
    /// let go (perms `r--p` or `r-xp`, a nonzero inode, a path), else nil.
    private static func candidate(_ line: some Collection<UInt8>) -> Range<UInt>? {
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6 else { return nil }
        let bounds = fields[0].split(separator: UInt8(ascii: "-"))
        guard bounds.count == 2, let start = hex(bounds[0]), let end = hex(bounds[1]), start < end else { return nil }
        let perms = Array(fields[1])
        guard perms.count == 4, perms[0] == UInt8(ascii: "r"), perms[1] == UInt8(ascii: "-"), perms[3] == UInt8(ascii: "p"),
            fields[4].contains(where: { $0 != UInt8(ascii: "0") }),
            fields[5].first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "/")
        else { return nil }
        return start..<end
    }

    /// `Name:   123 kB` → 123 when the line starts with `name`.
    private static func field(_ name: StaticString, _ line: some Collection<UInt8>) -> Int? {
        let prefix = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard line.starts(with: prefix) else { return nil }
        var value = 0
        var seen = false
        for byte in line.dropFirst(prefix.count) {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                if seen { break } else { continue }
            }
            // A number too large for any mapping is no number.
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < Int.max / 10 - 9 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            seen = true
        }
        return seen ? value : nil
    }

    private static func hex(_ digits: some Collection<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for byte in digits {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
