import CMalloc
import Synchronization

/// glibc's malloc, set for a process that lives all day and idles between polls: the whole of
/// this program's use of <malloc.h>. Measured in docs/performance.md: together they
/// take the idle daemon's anonymous memory from 6.5 to 5.2 MiB with every feed on.
package enum Heap {
    /// Set by `useOneArena`, which the program's `main` calls: a process that hosts this code
    /// without it (the test bundle, gigabytes of heap over many arenas) is never trimmed, since
    /// `malloc_trim` walks every arena under its lock and stalls every thread that allocates.
    private static let trimming = Atomic<Bool>(false)

    /// One arena for every thread. By default each thread that allocates may get its own arena
    /// (up to eight per core), and the freed space in each stays resident apart; this program's
    /// threads are few and mostly wait on I/O, so they have little to contend for.
    package static func useOneArena() {
        _ = mallopt(M_ARENA_MAX, 1)
        trimming.store(true, ordering: .relaxed)
    }

    /// Hands the heap's free pages back to the system, after a pass whose buffers (a page of
    /// JSON, its decoded form) are done with: glibc keeps them otherwise until the next
    /// allocation reuses them, resident all the while the daemon sleeps.
    package static func returnFreePages() {
        guard trimming.load(ordering: .relaxed) else { return }
        _ = malloc_trim(0)
    }
}
