import TemplateServiceFakes
import TemplateServiceInterface
import Testing

/// The fake domains test with: it answers what it is given and applies updates as the live client does.
@Suite("The fake Template client")
struct FakeTemplateClientTests {
  private struct Outage: Error {}

  @Test func itAnswersWhatItIsGivenAndAppliesUpdates() async throws {
    let fake = FakeTemplateClient(status: TemplateStatus(state: .offline, note: "maintenance", revision: 4))
    #expect(try await fake.status().state == .offline)
    #expect(try await fake.update(state: .ready, note: "") == TemplateStatus(state: .ready, note: "", revision: 5))
    #expect(await fake.updates == [.ready])
  }

  @Test func aFailureIsThrownUntilItIsCleared() async throws {
    let fake = FakeTemplateClient()
    await fake.setFailure(Outage())
    await #expect(throws: Outage.self) { try await fake.status() }
    await #expect(throws: Outage.self) { try await fake.update(state: .degraded, note: "storm") }
    #expect(await fake.updates == [.degraded])
    await fake.setFailure(nil)
    #expect(try await fake.status() == .initial)
  }
}
