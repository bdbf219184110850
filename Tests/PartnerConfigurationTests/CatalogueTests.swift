import Foundation
import Testing

@testable import PartnerConfiguration

/// The module's `Partners/` folder in the source tree.
let partnersFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Shared/PartnerConfiguration/Partners")

@Suite struct CatalogueTests {
  @Test func everyFileOfThePartnersFolderIsAShippedPartner() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: partnersFolder.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    #expect(PartnerCatalogue.ids == files)
    #expect(PartnerCatalogue.ids == ["csa", "esa", "jaxa", "nasa", "roscosmos"])
  }

  @Test(arguments: ["nasa", "roscosmos", "esa", "jaxa", "csa"])
  func eachShippedPartnerReadsWithoutAWarning(id: String) throws {
    let partner = try PartnerCatalogue.load(id, vocabulary: PartnerVocabulary())
    #expect(partner.warnings.isEmpty)
    #expect(partner.configuration.id == id)
    #expect(partner.file == "Partners/\(id).json")
    #expect(partner.configuration.analytics.providers == [.jsonLines])
    // Each sets every element the framework requires, and looks different from the framework.
    #expect(StyleSchema.framework.requiredElements.allSatisfy { partner.configuration.theme.base[$0] != nil })
    #expect(partner.configuration.theme.sheet(schema: .framework) != StyleSheet.defaults)
  }

  @Test(arguments: ["nasa", "roscosmos", "esa", "jaxa", "csa"])
  func eachShippedPartnerIsWhatReadingItsFileStrictlyGives(id: String) throws {
    // The build made the shipped partners into values; they must be exactly what the strict reader
    // makes of the files, read against the toggles and screens the value has (so this holds in a
    // package of the lower layers alone too): no warning, nothing more, nothing less.
    let text = try String(contentsOf: partnersFolder.appendingPathComponent("\(id).json"), encoding: .utf8)
    #expect(ShippedPartners.files[id] == text)
    let shipped = try PartnerCatalogue.load(id, vocabulary: PartnerVocabulary())
    let vocabulary = PartnerVocabulary(
      toggles: shipped.configuration.features.values.keys.sorted().map { FeatureToggle($0, default: false, help: "") },
      screens: shipped.configuration.theme.screens.map { StyleSchema.Screen($0.key, elements: Array($0.value.keys)) })
    let read = try PartnerFile.decode(
      Data(text.utf8), file: "Partners/\(id).json",
      reading: ReadingVocabulary(vocabulary, elsewhere: PartnerVocabulary()))
    #expect(read.warnings.isEmpty)
    #expect(shipped == read)
  }

  @Test(
    "what the package's modules declare reads every shipped file without a warning",
    .enabled(if: !PartnerVocabulary.declaredInPackage.toggles.isEmpty),
    arguments: ["nasa", "roscosmos", "esa", "jaxa", "csa"])
  func eachShippedPartnerReadsAgainstThePackagesDeclarations(id: String) throws {
    let text = try String(contentsOf: partnersFolder.appendingPathComponent("\(id).json"), encoding: .utf8)
    let read = try PartnerFile.decode(Data(text.utf8), file: "Partners/\(id).json", vocabulary: PartnerVocabulary())
    #expect(read.warnings.isEmpty)
    #expect(try PartnerCatalogue.load(id, vocabulary: PartnerVocabulary()) == read)
  }

  @Test func theFivePartnersLookAndBehaveDifferently() throws {
    let partners = try PartnerCatalogue.ids.map {
      try PartnerCatalogue.load($0, vocabulary: PartnerVocabulary()).configuration
    }
    #expect(Set(partners.map(\.name)) == ["NASA", "Roscosmos", "ESA", "JAXA", "CSA"])
    #expect(Set(partners.map { $0.theme.sheet(schema: .framework).style(.title, on: nil) }).count == 5)
    #expect(partners.allSatisfy { !$0.theme.screens.isEmpty }, "each styles some screen apart")
    let toggles = Set(partners.flatMap(\.features.values.keys))
    #expect(!toggles.isEmpty)
    for toggle in toggles {
      let values = Set(partners.map { $0.features.values[toggle] })
      #expect(values.count > 1, "\(toggle) is not the same for every partner")
    }
  }

  @Test func anUnknownPartnerIsAUsageErrorListingTheKnownOnes() {
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message:
          "no partner \"nsa\": the partners are csa, esa, jaxa, nasa and roscosmos; name one of them or the path "
          + "of a partner file")
    ) { try PartnerCatalogue.load("nsa", vocabulary: .test) }
  }

  @Test func aFileOutsideThePackageIsReadByItsPath() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("asc.json")
    try JSONSerialization.data(withJSONObject: changing(validPartner(), ["id"], to: "asc")).write(to: file)
    #expect(try PartnerCatalogue.load(file.path, vocabulary: .test).configuration.id == "asc")
    #expect(try PartnerCatalogue.load("asc.json", vocabulary: .test, relativeTo: directory).file == "asc.json")
  }

  @Test func aPathThatNamesNoFileIsAUsageErrorAndADirectoryCannotBeRead() throws {
    let directory = try temporaryDirectory()
    let missing = directory.appendingPathComponent("none.json").path
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message: "no partner file \(missing) (no such file); name an existing file or a partner: csa, esa, jaxa, nasa "
          + "or roscosmos")
    ) { try PartnerCatalogue.load(missing, vocabulary: .test) }
    #expect(
      throws: PartnerConfigurationError(
        kind: .unreadable,
        message: "\(directory.path)/ is a directory, not a partner file; name a partner file (.json)")
    ) { try PartnerCatalogue.load(directory.path + "/", vocabulary: .test) }
  }

  @Test func aHugeFileIsNoPartnerFile() throws {
    let file = try temporaryDirectory().appendingPathComponent("huge.json")
    try Data(repeating: 32, count: PartnerCatalogue.maximumFileSize + 1).write(to: file)
    #expect(
      throws: PartnerConfigurationError(
        kind: .invalid,
        message:
          "partner file \(file.path) is 1048577 bytes; a partner file has at most 1048576 (is it the right file?)")
    ) { try PartnerCatalogue.load(file.path, vocabulary: .test) }
  }

  #if os(Linux)
    @Test func aFileThatCannotBeReadIsAnIOError() {
      #expect {
        try PartnerCatalogue.load("/proc/self/mem", vocabulary: .test)
      } throws: { error in
        (error as? PartnerConfigurationError)?.kind == .unreadable
          && (error as? PartnerConfigurationError)?.message.hasPrefix("cannot read partner file /proc/self/mem: ")
            == true
      }
    }
  #endif
}

func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("partners-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
