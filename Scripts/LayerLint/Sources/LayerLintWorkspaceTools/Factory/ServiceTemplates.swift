/// A service as three modules (the book's *Decoupling*, as every service of the workspace):
/// `<Base>Interface` — the client protocol and its models, what domains link; `<Base>` — the live
/// client, its status kept in an SQLite store through Persistence, what apps link; `<Base>Fakes` — a
/// deterministic in-memory client for domain tests, a test-support module in the test folder that no
/// app can link. Each with its test target.
struct ServiceTemplates {
  /// The live module's name, e.g. `WeatherService`.
  let base: String
  /// The configuration's interface suffix (`Interface`).
  let interfaceSuffix: String

  /// The suffix of the fakes module.
  static let fakesSuffix = "Fakes"

  var interfaceModule: String { base + interfaceSuffix }
  var liveModule: String { base }
  var fakesModule: String { base + Self.fakesSuffix }

  /// What the types are named after: `WeatherService` → `Weather` (`WeatherClient`, `WeatherStatus`).
  var noun: String { base.hasSuffix("Service") && base != "Service" ? String(base.dropLast("Service".count)) : base }
  private var client: String { "\(noun)Client" }
  private var status: String { "\(noun)Status" }
  private var state: String { "\(noun)State" }
  /// The store's collection of the live client, e.g. `weather-status`.
  private var collection: String { ModuleName(name: noun).kebab + "-status" }

  /// The three modules: name, `dependsOn:`, sources, tests (file name → contents).
  var modules: [(name: String, dependencies: [String], sources: [(String, String)], tests: [(String, String)])] {
    [
      (
        interfaceModule, [],
        [
          ("\(client).swift", clientProtocol), ("\(status).swift", statusModel), ("\(state).swift", stateModel),
          ("README.md", interfaceReadme),
        ],
        [("\(status)Tests.swift", interfaceTests)]
      ),
      (
        liveModule, [interfaceModule, "Persistence"], [("Live\(client).swift", liveClient), ("README.md", liveReadme)],
        [("Live\(client)Tests.swift", liveTests)]
      ),
      (
        fakesModule, [interfaceModule], [("Fake\(client).swift", fakeClient), ("README.md", fakesReadme)],
        [("Fake\(client)Tests.swift", fakeTests)]
      ),
    ]
  }

  /// `import` lines for `modules`, in the order swift-format keeps them.
  static func imports(_ modules: String...) -> String {
    modules.sorted().map { "import \($0)" }.joined(separator: "\n")
  }

  // MARK: Interface

  private var clientProtocol: String {
    """
    /// What the \(noun) service offers the domains, whichever implementation an app links: the live
    /// one (`Live\(client)` in \(liveModule)) or the fake one domain tests use (`Fake\(client)` in
    /// \(fakesModule)).
    public protocol \(client): Sendable {
      /// The current status; `\(status).initial` until the first update.
      func status() async throws -> \(status)
      /// Makes `state`, with `note` saying why, the current status and returns it (its revision one higher).
      func update(state: \(state), note: String) async throws -> \(status)
    }

    """
  }

  private var statusModel: String {
    """
    /// The \(noun) service's status: its state, a note saying why, and how many updates made it.
    public struct \(status): Codable, Sendable, Equatable {
      /// Whether the service can do its work.
      public var state: \(state)
      /// Why it is in that state (empty when nothing needs saying).
      public var note: String
      /// How many updates made this status (0 for the initial one).
      public var revision: Int

      /// A status.
      public init(state: \(state), note: String, revision: Int) {
        self.state = state
        self.note = note
        self.revision = revision
      }

      /// The status before any update: ready, revision 0.
      public static let initial = \(status)(state: .ready, note: "", revision: 0)

      /// This status after an update to `state` with `note`: every implementation applies updates this way.
      public func updated(state: \(state), note: String) -> \(status) {
        \(status)(state: state, note: note, revision: revision + 1)
      }
    }

    """
  }

  private var stateModel: String {
    """
    /// Whether the \(noun) service can do its work.
    public enum \(state): String, Codable, Sendable, CaseIterable {
      /// Everything works.
      case ready
      /// It works, within limits the note explains.
      case degraded
      /// It cannot work now.
      case offline
    }

    """
  }

  private var interfaceTests: String {
    """
    \(Self.imports("FoundationEssentials", interfaceModule, "Testing"))

    /// The status every implementation of `\(client)` reports and applies updates to.
    @Suite("\(noun) status")
    struct \(status)Tests {
      @Test func anUpdateIsTheNextRevision() {
        let first = \(status).initial.updated(state: .degraded, note: "one antenna")
        #expect(first == \(status)(state: .degraded, note: "one antenna", revision: 1))
        #expect(first.updated(state: .ready, note: "").revision == 2)
        #expect(\(status).initial == \(status)(state: .ready, note: "", revision: 0))
      }

      @Test func theStatusIsStableJSON() throws {
        let status = \(status)(state: .offline, note: "maintenance", revision: 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(status), as: UTF8.self)
        #expect(json == #"{"note":"maintenance","revision":3,"state":"offline"}"#)
        #expect(try JSONDecoder().decode(\(status).self, from: Data(json.utf8)) == status)
      }

      @Test func everyStateReadsBackFromItsName() {
        #expect(\(state).allCases.map(\\.rawValue) == ["ready", "degraded", "offline"])
        for state in \(state).allCases { #expect(\(state)(rawValue: state.rawValue) == state) }
      }
    }

    """
  }

  private var interfaceReadme: String {
    """
    # \(interfaceModule) (Service)

    What domains link to use the \(noun) service: `\(client)` (`status()`, `update(state:note:)`) and its
    models, `\(status)` (state, note, revision; `updated(state:note:)` is how every implementation applies
    an update) and `\(state)` (`ready`, `degraded`, `offline`). Implementations: `Live\(client)` in
    `\(liveModule)` (what apps link) and `Fake\(client)` in `\(fakesModule)` (what domain tests use).

    Test: `swift test --filter \(interfaceModule)Tests`

    """
  }

  // MARK: Live

  private var liveClient: String {
    """
    \(Self.imports(interfaceModule, "Persistence"))

    /// The live \(noun) client: the status is kept in an SQLite store (Persistence's `EntityStore`), so it
    /// survives a restart, and two processes updating it at once lose no update.
    public struct Live\(client): \(client) {
      /// Where the status lives in the store.
      static let collection = "\(collection)"
      /// The status's key in its collection.
      static let key = "current"
      private let store: EntityStore

      /// A client over `store`; an app's live services open it in the data directory, e.g.
      /// `EntityStore(configuration: StoreConfiguration(fileURL: launch.file("\(ModuleName(name: noun).kebab).sqlite")))`.
      public init(store: EntityStore) {
        self.store = store
      }

      public func status() async throws -> \(status) {
        try await store.perform { store in
          try store.get(\(status).self, key: Self.key, in: Self.collection) ?? .initial
        }
      }

      public func update(state: \(state), note: String) async throws -> \(status) {
        try await store.perform { store in
          try store.transaction { transaction in
            let current = try transaction.get(\(status).self, key: Self.key, in: Self.collection) ?? .initial
            let next = current.updated(state: state, note: note)
            try transaction.put(next, key: Self.key, in: Self.collection)
            return next
          }
        }
      }
    }

    """
  }

  private var liveTests: String {
    """
    \(Self.imports("FoundationEssentials", liveModule, interfaceModule, "Persistence", "Testing"))

    /// The live client on a real SQLite file: what it keeps survives reopening, and concurrent updates lose none.
    @Suite("The live \(noun) client")
    struct Live\(client)Tests {
      /// Runs `body` with a store file in a fresh temporary folder, removed afterwards.
      private func withStoreFile(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(liveModule)-\\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("\(ModuleName(name: noun).kebab).sqlite"))
      }

      private func client(_ file: URL) throws -> Live\(client) {
        Live\(client)(store: try EntityStore(configuration: StoreConfiguration(fileURL: file)))
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
          #expect(updated == \(status)(state: .degraded, note: "one antenna", revision: 1))
          #expect(reopened == updated)
        }
      }

      @Test func concurrentUpdatesFromTwoStoresLoseNone() async throws {
        try await withStoreFile { file in
          let clients = [try client(file), try client(file)]
          try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
              let client = clients[index % 2]
              group.addTask { _ = try await client.update(state: .ready, note: "update \\(index)") }
            }
            try await group.waitForAll()
          }
          let status = try await clients[0].status()
          #expect(status.revision == 10)
        }
      }
    }

    """
  }

  private var liveReadme: String {
    """
    # \(liveModule) (Service)

    The live \(noun) service: `Live\(client)`, the `\(client)` of `\(interfaceModule)` over an SQLite store
    (Persistence's `EntityStore`, collection `\(collection)`): the status survives a restart, and an
    update is a read-modify-write in one transaction, so two processes updating at once lose nothing.
    Apps link it and build it in their live services with a store in the data directory.

    Test: `swift test --filter \(liveModule)Tests` (a real SQLite file in a temporary folder).

    """
  }

  // MARK: Fakes

  private var fakeClient: String {
    """
    import \(interfaceModule)

    /// A deterministic in-memory `\(client)` for domain tests and previews: it starts at the status it
    /// is given, applies updates as every implementation does (`\(status).updated`), records them, and
    /// throws `failure` while one is set. No app links it (`Scripts/check-flavours`).
    public actor Fake\(client): \(client) {
      /// What `status()` returns.
      public private(set) var current: \(status)
      /// Every update asked for, in order (failed ones included).
      public private(set) var updates: [\(state)] = []
      /// When set, every call throws it.
      public private(set) var failure: (any Error)?

      /// A fake at `status`.
      public init(status: \(status) = .initial) {
        current = status
      }

      /// Makes every further call throw `failure` (nil: succeed again).
      public func setFailure(_ failure: (any Error)?) {
        self.failure = failure
      }

      public func status() async throws -> \(status) {
        if let failure { throw failure }
        return current
      }

      public func update(state: \(state), note: String) async throws -> \(status) {
        updates.append(state)
        if let failure { throw failure }
        current = current.updated(state: state, note: note)
        return current
      }
    }

    """
  }

  private var fakeTests: String {
    """
    \(Self.imports(fakesModule, interfaceModule, "Testing"))

    /// The fake domains test with: it answers what it is given and applies updates as the live client does.
    @Suite("The fake \(noun) client")
    struct Fake\(client)Tests {
      private struct Outage: Error {}

      @Test func itAnswersWhatItIsGivenAndAppliesUpdates() async throws {
        let fake = Fake\(client)(status: \(status)(state: .offline, note: "maintenance", revision: 4))
        #expect(try await fake.status().state == .offline)
        #expect(try await fake.update(state: .ready, note: "") == \(status)(state: .ready, note: "", revision: 5))
        #expect(await fake.updates == [.ready])
      }

      @Test func aFailureIsThrownUntilItIsCleared() async throws {
        let fake = Fake\(client)()
        await fake.setFailure(Outage())
        await #expect(throws: Outage.self) { try await fake.status() }
        await #expect(throws: Outage.self) { try await fake.update(state: .degraded, note: "storm") }
        #expect(await fake.updates == [.degraded])
        await fake.setFailure(nil)
        #expect(try await fake.status() == .initial)
      }
    }

    """
  }

  private var fakesReadme: String {
    """
    # \(fakesModule) (test support)

    `Fake\(client)`, the deterministic in-memory `\(client)` domain tests use (`testsUse: ["\(fakesModule)"]`):
    it answers the status it is given, applies updates as the live client does and records them
    (`updates`), and throws `failure` while one is set (`setFailure`). A test-support module (no
    product, in `testSupportModules`): the manifest refuses a layer module that depends on it, and
    `Scripts/check-flavours` fails when a built executable carries it.

    Test: `swift test --filter \(fakesModule)Tests`

    """
  }
}
