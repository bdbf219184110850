import FoundationEssentials
import Persistence
import TemplateService
import TemplateServiceInterface
import Testing

/// The live client on a real SQLite file: what it keeps survives reopening, and concurrent updates lose none.
@Suite("The live Template client")
struct LiveTemplateClientTests {
  /// Runs `body` with a store file in a fresh temporary folder, removed afterwards.
  private func withStoreFile(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TemplateService-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder.appendingPathComponent("template.sqlite"))
  }

  private func client(_ file: URL) throws -> LiveTemplateClient {
    LiveTemplateClient(store: try EntityStore(configuration: StoreConfiguration(fileURL: file)))
  }

  @Test func theStatusIsInitialUntilTheFirstUpdate() async throws {
    try await withStoreFile { file in
      let status = try await client(file).status()
      #expect(status == .initial)
    }
  }

  @Test func anUpdateIsKeptAcrossReopeningTheStore() async throws {
    try await withStoreFile { file in
      let updated = try await client(file).update(state: .degraded, note: "one antenna")
      let reopened = try await client(file).status()
      #expect(updated == TemplateStatus(state: .degraded, note: "one antenna", revision: 1))
      #expect(reopened == updated)
    }
  }

  @Test func concurrentUpdatesFromTwoStoresLoseNone() async throws {
    try await withStoreFile { file in
      let clients = [try client(file), try client(file)]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<10 {
          let client = clients[index % 2]
          group.addTask { _ = try await client.update(state: .ready, note: "update \(index)") }
        }
        try await group.waitForAll()
      }
      let status = try await clients[0].status()
      #expect(status.revision == 10)
    }
  }
}
