import AppAnalytics
import CommandLineKit
import CosmonautServiceFakes
import CosmonautServiceInterface
import MissionControlInterface
import Testing
import UIComponents

@testable import Cosmonaut

@MainActor
@Suite("Profile")
struct ProfileFlowTests {
  @Test func showPrintsEveryProfileFieldAsText() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("profile/show")

    let text = harness.output.text
    #expect(text.contains("Cosmonaut"))
    for (label, value) in [
      ("Name:", "Valentina Orlova"), ("Agency:", "Roscosmos"), ("Role:", "Flight engineer"),
      ("Mission:", "Expedition 74"),
    ] {
      let line = harness.output.lines.first { $0.contains(label) }
      #expect(line?.contains(value) == true, "\(label) line should show \(value)")
    }
    #expect(harness.errorOutput.text.isEmpty)
  }

  @Test func showMarksUnsetFields() async throws {
    let harness = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(profile: .empty))

    try await harness.open("profile/show")

    #expect(harness.output.lines.filter { $0.contains("(not set)") }.count == 4)
  }

  @Test func showAsJSONIsTheProfileDocument() async throws {
    let harness = CosmonautHarness(.once(json: true))

    try await harness.open("profile/show")

    #expect(try harness.decodeOutput(CosmonautProfile.self) == .sample)
  }

  @Test func setSavesTheGivenFieldsAndTracksThem() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("profile/set", ["name": "Yuri Gagarin", "mission": "Vostok 1"])

    let saved = try await harness.client.profile()
    #expect(
      saved == CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos", role: "Flight engineer", mission: "Vostok 1")
    )
    #expect(harness.events(named: "profile.updated").map(\.properties) == [["fields": "name,mission"]])
    #expect(harness.output.text.contains("Yuri Gagarin"))
    #expect(harness.output.text.contains("Profile saved; Houston will be told on the next sync."))
    #expect(await harness.client.outbox.map(\.kind) == [QueuedReport.profileUpdatedKind])
  }

  @Test func setAsJSONPrintsTheSavedProfile() async throws {
    let harness = CosmonautHarness(.once(json: true))

    try await harness.open("profile/set", ["role": "Commander"])

    #expect(try harness.decodeOutput(CosmonautProfile.self).role == "Commander")
  }

  @Test func setWithNothingToChangeThrowsAndChangesNothing() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(
      throws: UsageError("nothing to change; give at least one of --name, --agency, --role, --mission")
    ) {
      try await harness.open("profile/set")
    }
    #expect(try await harness.client.profile() == .sample)
    #expect(harness.events(named: "profile.updated").isEmpty)
    #expect(harness.output.text.isEmpty)
  }

  @Test func setWithATooLongValueIsAUsageErrorAndChangesNothing() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) {
      try await harness.open("profile/set", ["name": String(repeating: "x", count: 81)])
    }
    #expect(try await harness.client.profile() == .sample)
  }

  @Test func unknownProfileSubLinkIsNotHandled() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("profile/delete") }
    #expect(harness.output.text.isEmpty)
  }

  @Test func interactiveEditKeepsEmptyAnswersAndSavesTheRest() async throws {
    // Profile menu: Edit; Name, Agency (keep), Role (keep), Mission; then Back.
    let harness = CosmonautHarness(.interactive, input: ["e", "Yuri Gagarin", "", "", "Vostok 1", "b"])

    try await harness.open("profile/show")

    #expect(
      try await harness.client.profile()
        == CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos", role: "Flight engineer", mission: "Vostok 1"))
    #expect(harness.output.text.contains("Name [Valentina Orlova]: "))
    #expect(harness.output.text.contains("Profile saved."))
    #expect(harness.events(named: "profile.updated").map(\.properties) == [["fields": "name,mission"]])
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveEditWithOnlyEmptyAnswersSavesNothing() async throws {
    let harness = CosmonautHarness(.interactive, input: ["e", "", "", "", "", "b"])

    try await harness.open("profile/show")

    #expect(harness.output.text.contains("Nothing changed."))
    #expect(await harness.client.outbox.isEmpty)
    #expect(harness.events(named: "profile.updated").isEmpty)
  }

  @Test func interactiveEditReasksAnOverlongAnswer() async throws {
    let tooLong = String(repeating: "x", count: 81)
    let harness = CosmonautHarness(.interactive, input: ["e", tooLong, "Yuri", "", "", "", "b"])

    try await harness.open("profile/show")

    #expect(harness.errorOutput.lines == ["at most 80 characters, please"])
    #expect(try await harness.client.profile().name == "Yuri")
  }

  @Test func interactiveServiceErrorIsPresentedNotThrown() async throws {
    // A tab inside the name passes the editor but the service refuses control characters.
    let harness = CosmonautHarness(.interactive, input: ["e", "Yuri\tGagarin", "", "", "", "b"])

    try await harness.open("profile/show")

    #expect(harness.presenter.presented.count == 1)
    #expect(harness.presenter.presented.first?.module == "Cosmonaut")
    let error = try #require(harness.presenter.presented.first?.error as? CosmonautServiceError)
    guard case .invalidProfile = error else {
      Issue.record("expected invalidProfile, got \(error)")
      return
    }
    #expect(harness.errorOutput.text.hasPrefix("error: "))
    #expect(try await harness.client.profile() == .sample)
  }
}
