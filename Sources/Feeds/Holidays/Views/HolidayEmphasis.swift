import NotifierCore

/// How a holiday's kind looks on the screens; its mark (● ○ ◆) says it without colour too.
extension Emphasis {
    package static let publicHoliday = Emphasis.styled(TextStyle(.red, inColour: [.bold], withoutColour: [.bold]))
    package static let folkDay = Emphasis.styled(TextStyle(.cyan))
    package static let nationalDay = Emphasis.styled(TextStyle(.magenta, inColour: [.bold], withoutColour: [.underline]))
}
