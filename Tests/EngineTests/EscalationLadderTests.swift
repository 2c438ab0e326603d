import Foundation
import Testing

@testable import NotifierEngine

/// The ladder decides what is due from wall-clock deadlines and the steps already told.
struct EscalationLadderTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let ladder = EscalationLadder(steps: [
        EscalationStep(after: 1800, channels: ["phone"]), EscalationStep(after: 600), EscalationStep(after: 7200, channels: ["phone", "mail"]),
    ])

    func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    @Test func stepsFallDueInOrderEachOnce() {
        #expect(ladder.steps.map(\.after) == [600, 1800, 7200])
        #expect(ladder.due(firstDelivered: start, stepsDone: 0, now: at(9)) == nil)
        #expect(ladder.nextDeadline(firstDelivered: start, stepsDone: 0) == at(10))
        #expect(ladder.due(firstDelivered: start, stepsDone: 0, now: at(10)) == .init(stepsDone: 1, channels: []))
        #expect(ladder.due(firstDelivered: start, stepsDone: 1, now: at(20)) == nil, "told: not again")
        #expect(ladder.nextDeadline(firstDelivered: start, stepsDone: 1) == at(30))
        #expect(ladder.due(firstDelivered: start, stepsDone: 1, now: at(31)) == .init(stepsDone: 2, channels: ["phone"]))
        #expect(ladder.due(firstDelivered: start, stepsDone: 3, now: at(600)) == nil)
        #expect(ladder.nextDeadline(firstDelivered: start, stepsDone: 3) == nil)
    }

    @Test func aPassAfterALongSleepTellsTheDueStepsAsOne() {
        #expect(ladder.due(firstDelivered: start, stepsDone: 0, now: at(180)) == .init(stepsDone: 3, channels: ["phone", "mail"]))
    }

    @Test func theParserReadsStepsAndRefusesBadOnes() {
        func parse(_ text: String) -> Result<EscalationStep, EscalationStep.ParseProblem> {
            EscalationStep.parse(text, duration: { ["10m": 600, "2h": 7200, "0m": 0][$0] })
        }
        #expect(parse("10m") == .success(EscalationStep(after: 600)))
        #expect(parse("2h phone,mail") == .success(EscalationStep(after: 7200, channels: ["phone", "mail"])))
        #expect(parse("ten") == .failure(.duration("ten")))
        #expect(parse("0m") == .failure(.duration("0m")))
        #expect(parse("10m phone mail") == .failure(.shape("10m phone mail")))
        #expect(parse("10m phone,") == .failure(.channel("")))
        #expect(parse("") == .failure(.shape("")))
    }

    @Test func aPolicyWantsAnAcknowledgementWithEitherKey() {
        #expect(!AcknowledgePolicy().wantsAcknowledgement)
        #expect(AcknowledgePolicy(acknowledge: true).wantsAcknowledgement)
        #expect(AcknowledgePolicy(escalate: [EscalationStep(after: 60)]).wantsAcknowledgement)
    }
}
