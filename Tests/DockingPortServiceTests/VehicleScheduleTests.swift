import AppAnalytics
import AppAnalyticsTestSupport
import DockingPortServiceInterface
import Foundation
import Logging
import Network
import Persistence
import Synchronization
import Testing

@testable import DockingPortService

/// A Houston that answers from a list, then fails as unreachable.
final class ScriptedHouston: HTTPTransport {
  private let answers: Mutex<[HTTPResponse]>
  private let requests = Mutex<[String]>([])

  init(_ answers: [HTTPResponse]) { self.answers = Mutex(answers) }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    requests.withLock { $0.append(request.url.path) }
    guard let answer = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
      throw NetworkError.unreachable("connection refused")
    }
    return answer
  }

  var paths: [String] { requests.withLock { $0 } }
}

@Suite("The vehicle schedule")
struct VehicleScheduleTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-\(UUID().uuidString)")

  func client(
    _ houston: ScriptedHouston?, events: InMemoryAnalyticsProvider = .init()
  ) throws -> LiveVehicleScheduleClient {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("s.sqlite")))
    let authenticated = houston.map { transport in
      AuthenticatedClient(
        client: HTTPClient(
          configuration: ClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, retry: .none),
          transport: transport),
        token: AuthToken("t")!)
    }
    return LiveVehicleScheduleClient(
      houston: authenticated, store: store, analytics: Analytics(providers: [events]),
      logger: Logger(module: "t", level: .error, sinks: []), now: { Date(timeIntervalSince1970: 1_800_000_100) })
  }

  static let body = Data(
    """
    {"generatedAt":"2027-01-15T08:00:00Z","events":[{"kind":"arrival","vehicle":"progress-ms",\
    "designation":"Progress MS-33","port":"zvezda-aft","time":"2027-01-17T14:00:00Z"}]}
    """.utf8)

  @Test func theScheduleFromHoustonIsKeptForOfflineUse() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = ScriptedHouston([HTTPResponse(status: 200, body: Self.body)])
    let events = InMemoryAnalyticsProvider()
    let live = try await client(houston, events: events).schedule()
    #expect(live.isLive && live.schedule.events.first?.designation == "Progress MS-33")
    #expect(houston.paths == ["/v1/vehicles/schedule"])
    let kept = try await client(houston, events: events).schedule()
    #expect(!kept.isLive && kept.schedule == live.schedule && kept.receivedAt == live.receivedAt)
    #expect(events.events.contains { $0.name == "error" }, "the unreachable Houston is recorded")
    let offline = try await client(nil).schedule()
    #expect(!offline.isLive && offline.schedule == live.schedule)
  }

  @Test func withoutAKeptCopyOfflineIsUnavailable() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      _ = try await client(ScriptedHouston([])).schedule()
      Issue.record("nothing to show")
    } catch let error as VehicleScheduleError {
      #expect(error.kind == .unavailable && error.userMessage.contains("cannot reach Houston"))
    }
  }

  @Test func aScheduleHoustonCannotMeanIsRefusedAndTheKeptCopyStays() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await client(ScriptedHouston([HTTPResponse(status: 200, body: Self.body)])).schedule()
    let nonsense = Data(
      #"{"generatedAt":"2027-01-15T08:00:00Z","events":[{"kind":"arrival","vehicle":"shuttle"}]}"#.utf8)
    await #expect(throws: VehicleScheduleError.self) {
      try await client(ScriptedHouston([HTTPResponse(status: 200, body: nonsense)])).schedule()
    }
    #expect(try await client(nil).schedule().schedule.events.count == 1)
  }
}
