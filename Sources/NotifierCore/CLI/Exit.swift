/// Exit codes, a public contract: 0 success; 1 the work failed (every feed failed, the store
/// could not be written); 2 a usage error, a bad config or an unknown subject.
package enum Exit {
    package static let failure: Int32 = 1
    package static let usage: Int32 = 2
}
