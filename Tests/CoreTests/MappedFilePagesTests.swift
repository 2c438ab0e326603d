import Foundation
import NotifierSystem
import TestSupport
import Testing

/// What a resting daemon lets go of: only pages that hold nothing but their file's bytes.
@Suite struct MappedFilePagesTests {
    static let smaps = """
        55d0c0000000-55d0c0200000 r--p 00000000 fe:01 1311 /usr/bin/notifier
        Size:               2048 kB
        Rss:                 512 kB
        Anonymous:             0 kB
        VmFlags: rd mr mw me
        55d0c0200000-55d0c1000000 r-xp 00200000 fe:01 1311 /usr/bin/notifier
        Rss:                8192 kB
        Anonymous:             0 kB
        55d0c1000000-55d0c1100000 r--p 01000000 fe:01 1311 /usr/bin/notifier
        Rss:                 900 kB
        Anonymous:           896 kB
        55d0c1100000-55d0c1180000 rw-p 01100000 fe:01 1311 /usr/bin/notifier
        Rss:                 400 kB
        Anonymous:           400 kB
        7f0000000000-7f0000100000 r--p 00000000 fe:01 2222 /usr/lib/x86_64-linux-gnu/libicudata.so.72 (deleted)
        Rss:                   0 kB
        Anonymous:             0 kB
        7f0000200000-7f0000300000 r--s 00000000 fe:01 3333 /tmp/shared.bin
        Rss:                  64 kB
        Anonymous:             0 kB
        7f0000400000-7f0000500000 r-xp 00000000 00:00 0 
        Rss:                  64 kB
        Anonymous:             0 kB
        7f0000600000-7f0000700000 r-xp 00000000 fe:01 4444 /usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.7
        Rss:                 128 kB
        Anonymous:             4 kB
        7ffc00000000-7ffc00002000 r-xp 00000000 00:00 0                          [vdso]
        Rss:                   8 kB
        Anonymous:             0 kB

        """

    @Test func onlyResidentUnwrittenReadOnlyPrivateFileMappingsAreLetGo() {
        let mappings = CleanFileMappings(smaps: Array(Self.smaps.utf8))
        // The binary's read-only data and code; not its relocated data (written), its writable
        // data, a mapping with nothing resident, a shared one, anonymous code, a library with a
        // breakpoint written into it, the vDSO.
        #expect(mappings.ranges == [0x55d0_c000_0000..<0x55d0_c020_0000, 0x55d0_c020_0000..<0x55d0_c100_0000])
    }

    @Test func aMangledMapIsNothingToLetGo() {
        #expect(CleanFileMappings(smaps: Array("".utf8)).ranges.isEmpty)
        #expect(CleanFileMappings(smaps: Array("zz-yy r--p 0 fe:01 1 /x\nRss: 4 kB\nAnonymous: 0 kB\n".utf8)).ranges.isEmpty)
        // A candidate's fields cut short: the next mapping starts afresh.
        let cut = "1000-2000 r--p 0 fe:01 1 /x\nRss: 4 kB\n3000-4000 rw-p 0 fe:01 1 /x\nRss: 4 kB\nAnonymous: 0 kB\n"
        #expect(CleanFileMappings(smaps: Array(cut.utf8)).ranges.isEmpty)
        #expect(CleanFileMappings(smaps: Array("1000-2000 r--p 0 fe:01 1 /x\nRss: 4 kB\nAnonymous: x kB\n".utf8)).ranges.isEmpty)
        let huge = "1000-2000 r--p 0 fe:01 1 /x\nRss: 99999999999999999999999 kB\nAnonymous: 0 kB\n"
        #expect(CleanFileMappings(smaps: Array(huge.utf8)).ranges.isEmpty)
        let addressTooLong = "11112222333344445555-2000 r--p 0 fe:01 1 /x\nRss: 4 kB\nAnonymous: 0 kB\n"
        #expect(CleanFileMappings(smaps: Array(addressTooLong.utf8)).ranges.isEmpty)
    }

    /// In this very process: a clean mapping's pages go, a written one keeps every byte, and the
    /// process (its code let go too) runs on.
    @Test func aWrittenMappingKeepsItsBytesAndACleanOneIsUnmapped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let clean = folder.appendingPathComponent("clean.bin")
        let written = folder.appendingPathComponent("written.bin")
        try Data(repeating: 7, count: 4 * pageSize).write(to: clean)
        try Data(repeating: 1, count: 4 * pageSize).write(to: written)

        let cleanMapping = try map(clean, size: 4 * pageSize, writable: false)
        defer { munmap(cleanMapping, 4 * pageSize) }
        let writtenMapping = try map(written, size: 4 * pageSize, writable: true)
        defer { munmap(writtenMapping, 4 * pageSize) }
        // Written in this process only (a private copy), then made read-only, as the loader does
        // with relocated data.
        writtenMapping.storeBytes(of: 42, toByteOffset: pageSize + 3, as: UInt8.self)
        #expect(mprotect(writtenMapping, 4 * pageSize, PROT_READ) == 0)
        var sum = 0
        for page in 0..<4 { sum += Int(cleanMapping.load(fromByteOffset: page * pageSize, as: UInt8.self)) }
        #expect(sum == 28)
        #expect(resident(cleanMapping) > 0)

        #expect(MappedFilePages.release() >= 4 * pageSize)

        #expect(resident(cleanMapping) == 0)
        #expect(writtenMapping.load(fromByteOffset: pageSize + 3, as: UInt8.self) == 42)
        #expect(writtenMapping.load(fromByteOffset: pageSize + 4, as: UInt8.self) == 1)
        #expect(cleanMapping.load(fromByteOffset: 2 * pageSize, as: UInt8.self) == 7)
    }

    private func map(_ file: URL, size: Int, writable: Bool) throws -> UnsafeMutableRawPointer {
        let descriptor = open(file.path, writable ? O_RDWR : O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        guard let pointer = mmap(nil, size, protection, MAP_PRIVATE, descriptor, 0), pointer != MAP_FAILED else {
            throw CocoaError(.fileReadUnknown)
        }
        return pointer
    }

    /// The mapping's resident kilobytes, from /proc/self/smaps.
    private func resident(_ mapping: UnsafeMutableRawPointer) -> Int {
        let start = String(UInt(bitPattern: mapping), radix: 16)
        let lines = ProcFile.text("/proc/self/smaps").split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix(start + "-") }) else { return -1 }
        guard let rss = lines[header...].first(where: { $0.hasPrefix("Rss:") }) else { return -1 }
        return Int(rss.split(separator: " ")[1]) ?? -1
    }
}
