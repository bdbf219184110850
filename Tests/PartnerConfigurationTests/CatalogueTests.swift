import Foundation
import Testing

@testable import PartnerConfiguration

extension PartnerCatalogue {
  static let testIDs = ["nasa", "roscosmos", "esa", "jaxa", "csa"]

  /// A catalogue of five partners, each a valid partner file of its own (the mechanism is tested on
  /// files of its own: the apps' partner files live in the App layer, which a Shared module's tests do
  /// not read; `ShippedPartnersTests` (CosmonautAppTests) tests the catalogue an app builds of them).
  static let test = PartnerCatalogue(
    ids: testIDs, declared: PartnerVocabulary(),
    shipped: { id in
      guard testIDs.contains(id) else { return nil }
      let partner = changing(changing(validPartner(), ["id"], to: id), ["name"], to: id.uppercased())
      guard let data = try? JSONSerialization.data(withJSONObject: partner) else { return nil }
      return try? PartnerFile.decode(data, file: "Partners/\(id).json", vocabulary: .test).configuration
    })
}

@Suite struct CatalogueTests {
  @Test func aCatalogueListsItsPartnersSortedAndLoadsOneByItsId() throws {
    #expect(PartnerCatalogue.test.ids == ["csa", "esa", "jaxa", "nasa", "roscosmos"])
    let esa = try PartnerCatalogue.test.load("esa", vocabulary: .test)
    #expect(esa.configuration.name == "ESA" && esa.file == "Partners/esa.json" && esa.unknownKeys.isEmpty)
    #expect(PartnerCatalogue.none.ids.isEmpty)
  }

  @Test func aFileReadByItsPathKnowsWhatTheCataloguesModulesDeclare() throws {
    let file = try temporaryDirectory().appendingPathComponent("asc.json")
    var partner = changing(validPartner(), ["id"], to: "asc")
    partner = changing(partner, ["features", "elsewhereToggle"], to: true)
    try JSONSerialization.data(withJSONObject: partner).write(to: file)
    let alone = try PartnerCatalogue.none.load(file.path, vocabulary: .test)
    #expect(alone.unknownKeys.map(\.path) == ["features.elsewhereToggle"])
    let declared = PartnerVocabulary(toggles: [FeatureToggle("elsewhereToggle", default: false, help: "")], screens: [])
    let catalogue = PartnerCatalogue(ids: [], declared: declared, shipped: { _ in nil })
    #expect(try catalogue.load(file.path, vocabulary: .test).unknownKeys.isEmpty)
  }

  @Test func anUnknownPartnerIsAUsageErrorListingTheKnownOnes() {
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message:
          "no partner \"nsa\": the partners are csa, esa, jaxa, nasa and roscosmos; name one of them or the path "
          + "of a partner file")
    ) { try PartnerCatalogue.test.load("nsa", vocabulary: .test) }
  }

  @Test func aFileOutsideThePackageIsReadByItsPath() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("asc.json")
    try JSONSerialization.data(withJSONObject: changing(validPartner(), ["id"], to: "asc")).write(to: file)
    #expect(try PartnerCatalogue.test.load(file.path, vocabulary: .test).configuration.id == "asc")
    #expect(try PartnerCatalogue.test.load("asc.json", vocabulary: .test, relativeTo: directory).file == "asc.json")
  }

  @Test func aPathThatNamesNoFileIsAUsageErrorAndADirectoryCannotBeRead() throws {
    let directory = try temporaryDirectory()
    let missing = directory.appendingPathComponent("none.json").path
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message: "no partner file \(missing) (no such file); name an existing file or a partner: csa, esa, jaxa, nasa "
          + "or roscosmos")
    ) { try PartnerCatalogue.test.load(missing, vocabulary: .test) }
    #expect(
      throws: PartnerConfigurationError(
        kind: .unreadable,
        message: "\(directory.path)/ is a directory, not a partner file; name a partner file (.json)")
    ) { try PartnerCatalogue.test.load(directory.path + "/", vocabulary: .test) }
  }

  @Test func aHugeFileIsNoPartnerFile() throws {
    let file = try temporaryDirectory().appendingPathComponent("huge.json")
    try Data(repeating: 32, count: PartnerCatalogue.maximumFileSize + 1).write(to: file)
    #expect(
      throws: PartnerConfigurationError(
        kind: .invalid,
        message:
          "partner file \(file.path) is 1048577 bytes; a partner file has at most 1048576 (is it the right file?)")
    ) { try PartnerCatalogue.test.load(file.path, vocabulary: .test) }
  }

  #if os(Linux)
    @Test func aFileThatCannotBeReadIsAnIOError() {
      #expect {
        try PartnerCatalogue.test.load("/proc/self/mem", vocabulary: .test)
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
