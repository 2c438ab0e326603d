/// A dry run's report, as a feed's round sees it: the lines it says there (what it saw, why).
/// The delivery layer's recorder keeps them beside what the dispatcher would have shown.
package protocol DryRunNotes: Sendable {
    func note(_ line: String) async
}
