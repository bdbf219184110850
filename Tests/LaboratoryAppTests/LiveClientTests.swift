import AppAnalytics
import CosmonautService
import Foundation
import HoustonMissionControl
import LaboratoryService
import LaboratoryServiceInterface
import Localization
import Logging
import MissionControlInterface
import Network
import Persistence
import Radio
import Synchronization
import Testing

@testable import LaboratoryApp

/// A Houston in memory behind a real `HTTPClient`: the catalogue, the schedule and lab results
/// applied once per idempotency key; it can drop answers after applying, or be away.
final class HoustonDesk: HTTPTransport, Sendable {
  private struct State {
    var applied: [String] = []
    var dropAnswers = 0
    var away = false
    var refuse: String?
  }
  private let state = Mutex(State())

  var applied: [String] { state.withLock { $0.applied } }
  func dropNextAnswers(_ count: Int) { state.withLock { $0.dropAnswers = count } }
  func goAway() { state.withLock { $0.away = true } }
  /// Refuses every lab result from now on (HTTP 422) with `reason` (nil: takes them again).
  func refuseResults(_ reason: String?) { state.withLock { $0.refuse = reason } }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    let path = request.url.path
    if state.withLock({ $0.away }) { throw NetworkError.unreachable("connection refused") }
    switch path {
    case "/v1/lab/experiments":
      return HTTPResponse(status: 200, body: try Self.encoder.encode(ExperimentCatalogue.sample))
    case "/v1/lab/results":
      if let reason = state.withLock({ $0.refuse }) {
        return HTTPResponse(status: 422, body: Data(#"{"error":"\#(reason)"}"#.utf8))
      }
      let key = request.header("Idempotency-Key") ?? ""
      let (duplicate, drop) = state.withLock { state -> (Bool, Bool) in
        let duplicate = state.applied.contains(key)
        if !duplicate { state.applied.append(key) }
        let drop = state.dropAnswers > 0
        if drop { state.dropAnswers -= 1 }
        return (duplicate, drop)
      }
      if drop { return HTTPResponse(status: 503, body: Data(#"{"error":"dropped"}"#.utf8)) }
      let status = duplicate ? "duplicate" : "applied"
      return HTTPResponse(status: 200, body: Data(#"{"status":"\#(status)","acknowledged":"\#(key)"}"#.utf8))
    default:
      return HTTPResponse(status: 404, body: Data(#"{"error":"no such endpoint"}"#.utf8))
    }
  }

  func send(_ request: WireRequest, within limit: Duration) async throws -> HTTPResponse { try await send(request) }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()
}

/// The live client as `laboratory` composes it — results through the mission control client of the
/// cosmonaut service (`MissionControlClient`: `ResultsChannels` by the app's conformance) — on a real
/// SQLite file, the labs simulated in-process over Radio, Houston in memory.
@Suite("Live laboratory client")
struct LiveClientTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID().uuidString)")
  let desk = HoustonDesk()

  func client(houston: Bool = true, simulation: LabSimulation? = nil) throws -> LiveLaboratoryClient {
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("laboratory.sqlite")))
    let logger = Logger.disabled(module: "LaboratoryServiceTests")
    let labs = simulation ?? LabSimulation(simulator: LabSimulator(start: Date()), clock: Date.init, logger: logger)
    let retry = RetryPolicy(
      maxAttempts: 3, initialBackoff: .milliseconds(1), multiplier: 1, maxBackoff: .milliseconds(1))
    let http = HTTPClient(
      configuration: ClientConfiguration(
        baseURL: URL(string: "http://houston.test")!, timeout: .seconds(5), retry: retry),
      transport: desk, sleep: { _ in })
    let missionControl = MissionControlClient(
      center: .houston, http: houston ? AuthenticatedClient(client: http, token: AuthToken("t")!) : nil)
    return LiveLaboratoryClient(
      store: store, missionControl: missionControl, connector: labs.connector, analytics: Analytics(providers: []),
      logger: logger)
  }

  @Test func twoClientsFillingOneFreezerNeverPutMoreSamplesInItThanItHasSlots() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (first, second) = (try client(), try client())
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<10 {
        let client = index.isMultiple(of: 2) ? first : second
        group.addTask {
          (try? await client.logIn(SampleLogIn(label: "u\(index)", freezer: "merlin"), crew: nil)) != nil
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 4)
    let stowage = try await first.stowage()
    #expect(stowage.freezers.first { $0.freezer.id == "merlin" }?.samples.map(\.slot).sorted() == [1, 2, 3, 4])
    #expect(try await first.results().pending.count == 4, "one result per sample logged, none for the refusals")
  }

  @Test func aRunsResultsReachHoustonOnceEvenWhenAnswersAreDropped() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let lab = try client()
    let experiment = try #require(try await lab.catalogue().document.experiment("capillary-flow"))
    let run = try await lab.startRun(experiment, crew: "Valentina Orlova")
    _ = try await lab.update(run.id, .beginStep(1, stockBefore: [:], freezer: nil))
    _ = try await lab.update(run.id, .finishStep(1))
    _ = try await lab.update(run.id, .skipStep(2, reason: "no fluid"))
    #expect(try await lab.run(String(run.id.prefix(4))).state == .completed, "a prefix finds the run")
    desk.dropNextAnswers(2)
    let report = try await lab.sendResults()
    #expect(report.delivered.map(\.kind) == ["run.started", "run.step", "run.step", "run.ended"])
    #expect(report.pending.isEmpty)
    #expect(desk.applied.count == 4 && Set(desk.applied).count == 4)
    #expect(try await lab.sendResults().delivered.isEmpty)
  }

  @Test func aResultHoustonRefusesIsSetAsideWithAReasonKeptInNoLanguageAndReadInRussian() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let lab = try client()
    _ = try await lab.logIn(SampleLogIn(label: "serum-1", freezer: "merlin"), crew: "V")
    desk.refuseResults("unknown freezer merlin")

    let report = try await lab.sendResults()
    #expect(report.delivered.isEmpty && report.pending.isEmpty)
    let refused = try #require(report.setAside.first)
    #expect(refused.lastError == "Houston refused it (HTTP 422): unknown freezer merlin", "English, as kept")
    #expect(
      refused.lastReason
        == ReportReason(
          code: "refused", values: ["center": "Houston", "status": "422", "reason": "unknown freezer merlin"]))
    let text = try #require(refused.lastErrorText)
    #expect(text.description == "Houston refused it (HTTP 422): unknown freezer merlin")
    #expect(text.resolved(in: .russian) == "Хьюстон отказал в приёме (HTTP 422): unknown freezer merlin")
    let kept = try #require(try await lab.results().setAside.first)
    #expect(kept.lastErrorText?.resolved(in: .russian) == text.resolved(in: .russian), "read back from the store")
  }

  @Test func aRefusedResultIsRetriedOnceMissionControlTakesItOrDiscardedForGood() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let lab = try client()
    _ = try await lab.logIn(SampleLogIn(label: "serum-1", freezer: "merlin"), crew: "V")
    _ = try await lab.logIn(SampleLogIn(label: "serum-2", freezer: "merlin"), crew: "V")
    desk.refuseResults("unknown freezer merlin")
    let refused = try await lab.sendResults().setAside.map(\.id)
    #expect(refused.count == 2)
    await #expect(throws: LaboratoryError.self) { try await lab.retryResult("zz") }
    desk.refuseResults(nil)
    #expect(try await lab.retryResult(String(refused[0].prefix(8))).id == refused[0])
    #expect(try await lab.discardResult(refused[1]).id == refused[1])
    let after = try await lab.sendResults()
    #expect(after.delivered.map(\.id) == [refused[0]] && after.setAside.isEmpty && after.pending.isEmpty)
    #expect(desk.applied == [refused[0]], "the discarded one never reached Houston")
  }

  @Test func theCatalogueIsKeptForOfflineUseAndWithoutACopyTheErrorSaysHowToGetOne() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    await #expect(
      throws: LaboratoryError.noDocumentYet(
        what: ExperimentCatalogue.documentName, reason: LaboratoryError.houstonNotConfiguredReason)
    ) {
      try await client(houston: false).catalogue()
    }
    let lab = try client()
    #expect(try await lab.catalogue().isLive)
    desk.goAway()
    let kept = try await lab.catalogue()
    #expect(
      !kept.isLive && kept.document == .sample
        && kept.offlineReason?.description.contains("cannot get it from Houston") == true)
    #expect(kept.offlineReason?.resolved(in: .russian).hasPrefix("не удалось получить от Хьюстона") == true)
    await #expect(throws: LaboratoryError.houstonNotConfigured) { try await client(houston: false).sendResults() }
  }

  @Test func aSampleLoggedOutLeavesItsSlotAndUnknownIdsAreUsageErrors() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let lab = try client()
    let sample = try await lab.logIn(SampleLogIn(label: "x", freezer: "kriogem"), crew: "V")
    let out = try await lab.logOut(sample.id)
    #expect(!out.isStored && out.freezerTimeOut != nil)
    #expect(try await lab.stowage().freezers.allSatisfy { $0.samples.isEmpty })
    await #expect(throws: LaboratoryError.self) { try await lab.logOut(sample.id) }
    await #expect(throws: LaboratoryError.self) { try await lab.run("zz") }
    #expect(
      LaboratoryError.invalid(.verbatim("x")).kind == .usage
        && LaboratoryError.rejected(.verbatim("x")).kind == .rejected)
  }

  @Test func anAbsentLabIsUnavailableWithTheWayToFixIt() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("l.sqlite")))
    let lab = LiveLaboratoryClient(
      store: store, missionControl: MissionControlClient(center: .houston, http: nil),
      connector: .unixSocket(path: directory.appendingPathComponent("none.sock").path),
      analytics: Analytics(providers: []), logger: .disabled(module: "t"),
      linkConfiguration: RadioLinkConfiguration(reconnect: .never))
    do {
      _ = try await lab.telemetry()
      Issue.record("no lab answers")
    } catch let error as LaboratoryError {
      #expect(error.kind == .unavailable && error.userMessage.contains("lab-sim"), "\(error.userMessage)")
      let endpoint = "unix:\(directory.appendingPathComponent("none.sock").path)"
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "оборудование лабораторий не отвечает по адресу \(endpoint) (ошибка connect: нет такого файла или "
          + "каталога); проверьте, что лаборатории (или lab-sim) слушают этот адрес")
    }
  }
}
