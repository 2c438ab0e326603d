import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

@Suite struct AlertStateMachineTests {
    typealias State = AlertStateMachine.State

    /// Steps a machine through (signal, seconds after origin) pairs and collects what it emitted.
    static func run(
        _ steps: [(Threshold.Signal?, Double)], policy: AlertPolicy, from start: State = .armed
    ) -> (machine: AlertStateMachine, emissions: [AlertStateMachine.Emission?]) {
        var machine = AlertStateMachine(state: start)
        let emissions = steps.map { machine.step($0.0, now: TestTime.at($0.1), policy: policy) }
        return (machine, emissions)
    }

    @Test func aValueHoveringAroundTheFireLevelFiresOnceUntilItRearms() throws {
        let threshold = try Threshold(direction: .above, fireLevel: 100, rearmLevel: 95)
        let values: [Double] = [99, 101, 99.5, 100.2, 98, 101, 100, 96, 102]
        let steps = values.enumerated().map { (threshold.signal(for: $0.element), Double($0.offset) * 60) }
        let (machine, emissions) = Self.run(steps, policy: AlertPolicy())
        #expect(emissions.compactMap { $0 } == [.fired])
        #expect(emissions[1] == .fired)

        // Only back past the re-arm level does it arm again, and the next crossing fires again.
        var rearmed = machine
        #expect(rearmed.step(threshold.signal(for: 94), now: TestTime.at(600), policy: AlertPolicy()) == nil)
        #expect(rearmed.state == .armed)
        #expect(rearmed.step(threshold.signal(for: 100), now: TestTime.at(660), policy: AlertPolicy()) == .fired)
    }

    @Test func betweenTheLevelsNeitherFiresNorResolves() {
        let policy = AlertPolicy(notifyWhenResolved: true)
        let armed = Self.run([(.between, 0), (.between, 60)], policy: policy)
        #expect(armed.machine.state == .armed)
        #expect(armed.emissions == [nil, nil])

        let firing = Self.run([(.beyondFire, 0), (.between, 60), (.between, 120), (.rearmed, 180)], policy: policy)
        #expect(firing.emissions == [.fired, nil, nil, .resolved])
    }

    @Test func pendingStartsOverWhenTheConditionStopsBeforeTheForDuration() {
        let policy = AlertPolicy(forDuration: .seconds(300))
        let (machine, emissions) = Self.run(
            [
                (.beyondFire, 0), (.between, 100), (.beyondFire, 200), (.beyondFire, 400), (.rearmed, 450),
                (.beyondFire, 500), (.beyondFire, 799), (.beyondFire, 800),
            ],
            policy: policy
        )
        #expect(emissions == [nil, nil, nil, nil, nil, nil, nil, .fired])
        #expect(machine.state == .firing(since: TestTime.at(800), lastNotified: TestTime.at(800)))
    }

    @Test func pendingFiresWhenTheForDurationIsReached() {
        let (machine, emissions) = Self.run(
            [(.beyondFire, 0), (.beyondFire, 299), (.beyondFire, 300)], policy: AlertPolicy(forDuration: .seconds(300))
        )
        #expect(emissions == [nil, nil, .fired])
        #expect(machine.state == .firing(since: TestTime.at(300), lastNotified: TestTime.at(300)))
    }

    @Test(arguments: [
        State.armed,
        .pending(since: TestTime.at(0)),
        .firing(since: TestTime.at(0), lastNotified: TestTime.at(0)),
        .coolingDown(until: TestTime.at(10)),
    ])
    func anUnknownReadingChangesNothing(_ state: State) {
        let policy = AlertPolicy(forDuration: .seconds(60), cooldown: .seconds(10), repeatInterval: .seconds(60), notifyWhenResolved: true)
        // Long after every timer would have run out.
        let (machine, emissions) = Self.run([(nil, 100_000), (nil, 200_000)], policy: policy, from: state)
        #expect(machine.state == state)
        #expect(emissions == [nil, nil])
    }

    @Test func aPendingTimerCompletesOnlyOnTheNextKnownReading() {
        let policy = AlertPolicy(forDuration: .seconds(300))
        let (_, emissions) = Self.run([(.beyondFire, 0), (nil, 400), (nil, 500), (.beyondFire, 600)], policy: policy)
        #expect(emissions == [nil, nil, nil, .fired])
        let stopped = Self.run([(.beyondFire, 0), (nil, 400), (.between, 600)], policy: policy)
        #expect(stopped.emissions == [nil, nil, nil])
        #expect(stopped.machine.state == .armed)
    }

    @Test func cooldownSuppressesThenRearms() {
        let policy = AlertPolicy(cooldown: .seconds(600))
        let (machine, emissions) = Self.run(
            [(.beyondFire, 0), (.rearmed, 60), (.beyondFire, 120), (.beyondFire, 659), (.beyondFire, 660)], policy: policy
        )
        #expect(emissions == [.fired, nil, nil, nil, .fired])
        #expect(machine.state == .firing(since: TestTime.at(660), lastNotified: TestTime.at(660)))

        let quiet = Self.run([(.beyondFire, 0), (.rearmed, 60), (.between, 700)], policy: policy)
        #expect(quiet.emissions == [.fired, nil, nil])
        #expect(quiet.machine.state == .armed)
    }

    @Test func theCooldownStartsWhenTheAlertResolves() {
        let (machine, _) = Self.run([(.beyondFire, 0), (.rearmed, 60)], policy: AlertPolicy(cooldown: .seconds(600)))
        #expect(machine.state == .coolingDown(until: TestTime.at(660)))
    }

    @Test func aCooldownAfterThePendingForDurationStartsPendingAgain() {
        let policy = AlertPolicy(forDuration: .seconds(60), cooldown: .seconds(600))
        let (machine, emissions) = Self.run(
            [(.beyondFire, 0), (.beyondFire, 60), (.rearmed, 100), (.beyondFire, 700), (.beyondFire, 760)], policy: policy
        )
        #expect(emissions == [nil, .fired, nil, nil, .fired])
        #expect(machine.state == .firing(since: TestTime.at(760), lastNotified: TestTime.at(760)))
    }

    @Test func repeatsWhileBeyondFireAtTheInterval() {
        let policy = AlertPolicy(repeatInterval: .seconds(3600))
        let (_, emissions) = Self.run(
            [(.beyondFire, 0), (.beyondFire, 1800), (.between, 3600), (.beyondFire, 3700), (.beyondFire, 5000), (.beyondFire, 7300)],
            policy: policy
        )
        #expect(emissions == [.fired, nil, nil, .repeated, nil, .repeated])
    }

    @Test(arguments: [nil, Duration.zero, .seconds(-5)])
    func noRepeatIntervalNeverRepeats(_ interval: Duration?) {
        let (_, emissions) = Self.run(
            [(.beyondFire, 0), (.beyondFire, 60), (.beyondFire, 86_400)], policy: AlertPolicy(repeatInterval: interval)
        )
        #expect(emissions == [.fired, nil, nil])
    }

    @Test(arguments: [true, false])
    func resolvedOnlyWhenAsked(_ notify: Bool) {
        let (machine, emissions) = Self.run([(.beyondFire, 0), (.rearmed, 60)], policy: AlertPolicy(notifyWhenResolved: notify))
        #expect(emissions == [.fired, notify ? .resolved : nil])
        #expect(machine.state == .armed)
    }

    @Test func negativeDurationsCountAsZero() {
        let policy = AlertPolicy(forDuration: .seconds(-30), cooldown: .seconds(-30))
        let (machine, emissions) = Self.run([(.beyondFire, 0), (.rearmed, 60), (.beyondFire, 61)], policy: policy)
        #expect(emissions == [.fired, nil, .fired])
        #expect(machine.state == .firing(since: TestTime.at(61), lastNotified: TestTime.at(61)))
    }

    @Test func aClockGoingBackwardsNeitherFiresEarlyNorStretchesTheCooldown() {
        let pending = Self.run([(.beyondFire, 1000), (.beyondFire, 500), (.beyondFire, 700)], policy: AlertPolicy(forDuration: .seconds(300)))
        #expect(pending.emissions == [nil, nil, nil])
        #expect(pending.machine.state == .pending(since: TestTime.at(500)))

        let cooling = Self.run([(.between, 0)], policy: AlertPolicy(cooldown: .seconds(60)), from: .coolingDown(until: TestTime.at(10_000)))
        #expect(cooling.machine.state == .coolingDown(until: TestTime.at(60)))
    }

    @Test func describesEachState() {
        let now = TestTime.tallinn(2025, 6, 1, 12, 0)
        let utc = TimeZone(identifier: "UTC")!
        #expect(AlertStateMachine().stateDescription(now: now) == "armed")
        #expect(
            AlertStateMachine(state: .pending(since: now.addingTimeInterval(-125))).stateDescription(now: now, timeZone: utc)
                == "pending for 2m 5s (since 2025-06-01T08:57:55Z)"
        )
        #expect(
            AlertStateMachine(state: .firing(since: now.addingTimeInterval(-3780), lastNotified: now.addingTimeInterval(-3780)))
                .stateDescription(now: now, timeZone: TestTime.tallinn.timeZone)
                == "firing for 1h 3m (since 2025-06-01T10:57:00+03:00)"
        )
        #expect(
            AlertStateMachine(state: .coolingDown(until: now.addingTimeInterval(240))).stateDescription(now: now)
                == "cooling down for 4m more (until 2025-06-01T09:04:00Z)"
        )
    }

    @Test(arguments: [
        State.armed,
        .pending(since: TestTime.at(0)),
        .firing(since: TestTime.at(0), lastNotified: TestTime.at(60)),
        .coolingDown(until: TestTime.at(10)),
    ])
    func roundTrips(_ state: State) throws {
        let machine = AlertStateMachine(state: state)
        #expect(try roundTrip(machine) == machine)
    }

    @Test func policiesRoundTripAsSeconds() throws {
        let policy = AlertPolicy(forDuration: .seconds(300), cooldown: .milliseconds(1500), repeatInterval: .seconds(3600), notifyWhenResolved: true)
        #expect(try roundTrip(policy) == policy)
        #expect(try roundTrip(AlertPolicy()) == AlertPolicy())
        let json = String(decoding: try JSONEncoder().encode(policy), as: UTF8.self)
        #expect(json.contains(#""forSeconds":300"#))
        let hostile = Data(#"{"forSeconds":-5,"cooldownSeconds":1e300,"notifyWhenResolved":false}"#.utf8)
        let decoded = try JSONDecoder().decode(AlertPolicy.self, from: hostile)
        #expect(decoded.forDuration == .zero)
        #expect(decoded.repeatInterval == nil)
        #expect(decoded.cooldown.nonNegativeSeconds == Duration.engineCeilingSeconds)
    }
}
