import CMalloc
import Glibc
import Synchronization

/// glibc's malloc, set for a process that lives all day and idles between polls: the whole of
/// this program's use of <malloc.h> and of glibc's tunables. Measured in docs/performance.md:
/// together they take the idle daemon's anonymous memory from 6.5 to 4.9 MiB with every feed on.
package enum Heap {
    /// Set by `useOneArena`, which only the program's `main` calls. A process that hosts this
    /// code without it (the test bundle, gigabytes of heap over many arenas) is never trimmed,
    /// since `malloc_trim` walks every arena under its lock and stalls every thread that
    /// allocates; nor is it ever replaced by a restart.
    private static let setByMain = Atomic<Bool>(false)

    /// One arena for every thread. By default each thread that allocates may get its own arena
    /// (up to eight per core), and the freed space in each stays resident apart; this program's
    /// threads are few and mostly wait on I/O, so they have little to contend for.
    package static func useOneArena() {
        _ = mallopt(M_ARENA_MAX, 1)
        setByMain.store(true, ordering: .relaxed)
    }

    /// Hands the heap's free pages back to the system, after a pass whose buffers (a page of
    /// JSON, its decoded form) are done with: glibc keeps them otherwise until the next
    /// allocation reuses them, resident all the while the daemon sleeps.
    package static func returnFreePages() {
        guard setByMain.load(ordering: .relaxed) else { return }
        _ = malloc_trim(0)
    }

    /// glibc's tunable that turns off each thread's cache of freed blocks (tcache). The loader
    /// reads `GLIBC_TUNABLES` once, before `main`; no call sets it later.
    private static let noThreadCaches = "glibc.malloc.tcache_count=0"
    /// What `GLIBC_TUNABLES` was before the restart, for the daemon's children: set in the
    /// restarted image's environment only, and removed from it at once.
    private static let tunablesGiven = "NOTIFIER_GLIBC_TUNABLES_GIVEN"

    /// For the daemon, before it starts anything: replaces this process with itself (the same
    /// PID and arguments) once, with glibc's per-thread caches of freed blocks off. Each thread
    /// that allocates keeps up to seven freed blocks of every small size for itself, which
    /// neither other threads nor `malloc_trim` can reach: measured side by side, the idle daemon
    /// holds about 0.4 MiB less without them (docs/performance.md). In the restarted image this
    /// puts back the environment it was given, so the commands it runs never see the setting.
    /// Returns when it does not restart: already restarted, a person chose the cache's size
    /// themselves, not the program's own process (tests), or exec failed.
    package static func restartWithoutThreadCaches() {
        if let given = getenv(tunablesGiven) {
            putBack(String(cString: given))
            return
        }
        guard setByMain.load(ordering: .relaxed) else { return }
        let tunables = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
        guard !tunables.contains("glibc.malloc.tcache_count") else { return }
        setenv(tunablesGiven, tunables, 1)
        setenv("GLIBC_TUNABLES", tunables.isEmpty ? noThreadCaches : "\(tunables):\(noThreadCaches)", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: run as this process is.
        putBack(tunables)
    }

    /// `GLIBC_TUNABLES` as the daemon was given it (empty: not set), and the restart's own
    /// variable gone.
    private static func putBack(_ tunables: String) {
        if tunables.isEmpty { unsetenv("GLIBC_TUNABLES") } else { setenv("GLIBC_TUNABLES", tunables, 1) }
        unsetenv(tunablesGiven)
    }
}
