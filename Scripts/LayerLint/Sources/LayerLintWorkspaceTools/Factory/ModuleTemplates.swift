/// The starter files the module factory writes: small, real, and green on first build.
struct ModuleTemplates {
  let name: String
  let layer: String
  let isInterface: Bool
  /// The configuration's interface suffix (`Interface` by default).
  let interfaceSuffix: String
  let isExecutable: Bool

  /// The module's name without the interface suffix (`RadioInterface` → `Radio`).
  var baseName: String { isInterface ? String(name.dropLast(interfaceSuffix.count)) : name }

  /// `<Layer>/<Name>/<file>` → contents.
  var sourceFiles: [(fileName: String, contents: String)] {
    if isInterface { return [("\(name).swift", interfaceSource)] }
    if isExecutable { return [("\(name)Info.swift", librarySource), ("main.swift", mainSource)] }
    return [("\(name).swift", librarySource)]
  }

  /// The starter test file, `Tests/<Name>Tests/<Name>Tests.swift`.
  var testSource: String { isInterface ? interfaceTest : libraryTest }

  private var librarySource: String {
    """
    /// Describes the \(name) module; replace it with the module's first real type.
    public struct \(name)Info: Sendable, Equatable {
      /// The module's name.
      public let moduleName: String
      /// The layer the module lives in.
      public let layer: String

      /// The \(name) module itself.
      public static let current = \(name)Info(moduleName: "\(name)", layer: "\(layer)")

      /// Creates a description of a module in a layer.
      public init(moduleName: String, layer: String) {
        self.moduleName = moduleName
        self.layer = layer
      }

      /// A one-line summary such as `\(name) (\(layer) layer)`.
      public var summary: String { "\\(moduleName) (\\(layer) layer)" }
    }

    """
  }

  private var mainSource: String {
    """
    // The entry point of the `\(name)` executable.
    print(\(name)Info.current.summary)

    """
  }

  private var libraryTest: String {
    """
    import Testing

    @testable import \(name)

    @Test func summaryNamesTheModuleAndItsLayer() {
      #expect(\(name)Info.current.summary == "\(name) (\(layer) layer)")
    }

    @Test func summaryReflectsAnyModule() {
      #expect(\(name)Info(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
    }

    """
  }

  private var interfaceSource: String {
    """
    /// What \(baseName) offers other modules of the \(layer) layer; implementations depend on this
    /// interface module instead of on each other. Protocols and models only.
    public protocol \(baseName)Providing: Sendable {
      /// A short status line describing the provider.
      func status() async throws -> \(baseName)Status
    }

    /// A value that \(baseName) providers report.
    public struct \(baseName)Status: Sendable, Equatable {
      /// Whether the provider is ready.
      public let isReady: Bool
      /// A human-readable detail, e.g. `online`.
      public let detail: String

      /// Creates a status.
      public init(isReady: Bool, detail: String) {
        self.isReady = isReady
        self.detail = detail
      }
    }

    """
  }

  private var interfaceTest: String {
    """
    import Testing

    @testable import \(name)

    /// A fake provider, the way domain tests will use the interface.
    private struct Fake\(baseName)Provider: \(baseName)Providing {
      let result: \(baseName)Status
      func status() async throws -> \(baseName)Status { result }
    }

    @Test func aFakeProviderReportsItsStatus() async throws {
      let provider: any \(baseName)Providing = Fake\(baseName)Provider(
        result: \(baseName)Status(isReady: true, detail: "online"))
      #expect(try await provider.status() == \(baseName)Status(isReady: true, detail: "online"))
    }

    """
  }
}
