import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Testing

@testable import CosmonautService

@Suite struct ProfileTests {
  @Test func profileStartsEmptyAndRoundTripsAcrossClientsOnTheSameFile() async throws {
    let harness = try Harness()
    let first = try harness.makeClient()
    #expect(try await first.profile() == .empty)

    let updated = try await first.updateProfile(
      ProfileUpdate(name: "  Valentina Orlova ", agency: "Roscosmos", role: "Flight engineer", mission: "Expedition 74")
    )
    #expect(updated == .sample)

    let second = try harness.makeClient()
    #expect(try await second.profile() == .sample)
  }

  @Test func partialUpdateKeepsOtherFields() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.updateProfile(ProfileUpdate(name: "Valentina Orlova", agency: "Roscosmos"))
    let updated = try await client.updateProfile(ProfileUpdate(role: "Commander"))
    #expect(updated == CosmonautProfile(name: "Valentina Orlova", agency: "Roscosmos", role: "Commander"))
  }

  @Test(arguments: [
    (ProfileUpdate(name: "   "), "profile name must not be empty"),
    (ProfileUpdate(agency: String(repeating: "x", count: 81)), "profile agency is 81 characters long"),
    (ProfileUpdate(role: "Flight\tengineer"), "profile role contains a control character"),
    (ProfileUpdate(mission: "Exp\u{7}"), "profile mission contains a control character"),
    (ProfileUpdate(), "no profile field given"),
  ])
  func invalidUpdatesAreRejectedWithAFixItAndChangeNothing(update: ProfileUpdate, message: String) async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.updateProfile(ProfileUpdate(name: "Valentina Orlova"))
    let before = try await client.pendingSync().pending.count

    let error = await #expect(throws: CosmonautServiceError.self) { try await client.updateProfile(update) }
    guard case .invalidProfile(let text) = error else {
      Issue.record("expected invalidProfile, got \(String(describing: error))")
      return
    }
    #expect(text.description.hasPrefix(message))
    #expect(error?.kind == .usage)
    #expect(error?.userMessage.contains("\n") == false)
    #expect(try await client.profile() == CosmonautProfile(name: "Valentina Orlova"))
    #expect(try await client.pendingSync().pending.count == before)
    #expect(harness.recordedErrors.last?.properties["kind"] == "usage")
  }

  @Test func exactlyEightyCharactersIsAccepted() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let name = String(repeating: "é", count: 80)
    #expect(try await client.updateProfile(ProfileUpdate(name: name)).name == name)
  }

  @Test func profileUpdateQueuesAnOutboxEntry() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.updateProfile(ProfileUpdate(name: "Valentina Orlova"))
    let pending = try await client.pendingSync().pending
    #expect(pending.map(\.kind) == ["profile.updated"])
    #expect(pending.first?.attempts == 0)
    #expect(UUID(uuidString: pending.first?.id ?? "") != nil)
  }
}
