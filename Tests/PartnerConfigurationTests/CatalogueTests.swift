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
    let partner = try PartnerCatalogue.load(id)
    #expect(partner.warnings.isEmpty)
    #expect(partner.configuration.id == id)
    #expect(partner.file == "Partners/\(id).json")
    #expect(partner.configuration.analytics.providers == [.jsonLines])
    // Each sets every element the schema requires, and looks different from the framework.
    #expect(StyleSchema.workspace.requiredElements.allSatisfy { partner.configuration.theme.base[$0] != nil })
    #expect(partner.configuration.theme.sheet() != StyleSheet.defaults)
  }

  @Test(arguments: ["nasa", "roscosmos", "esa", "jaxa", "csa"])
  func eachShippedPartnerIsWhatReadingItsFileStrictlyGives(id: String) throws {
    // The build made the shipped partners into values; they must be exactly what the strict reader
    // makes of the files, which must read without a warning.
    let text = try String(contentsOf: partnersFolder.appendingPathComponent("\(id).json"), encoding: .utf8)
    #expect(ShippedPartners.files[id] == text)
    let read = try PartnerFile.decode(Data(text.utf8), file: "Partners/\(id).json")
    #expect(read.warnings.isEmpty)
    #expect(try PartnerCatalogue.load(id) == read)
  }

  @Test func theFivePartnersLookAndBehaveDifferently() throws {
    let partners = try PartnerCatalogue.ids.map { try PartnerCatalogue.load($0).configuration }
    #expect(Set(partners.map(\.name)) == ["NASA", "Roscosmos", "ESA", "JAXA", "CSA"])
    #expect(Set(partners.map { $0.theme.sheet().style(.title, on: .mainMenu) }).count == 5)
    #expect(Set(partners.map { $0.theme.sheet().style(.title, on: nil) }).count == 5)
    #expect(partners.contains { $0.features.offlineMode } && partners.contains { !$0.features.offlineMode })
    #expect(partners.contains { !$0.features.backgroundSync } && partners.contains { $0.features.backgroundSync })
    #expect(partners.contains { !$0.features.dashboardPositionPanel })
    #expect(partners.contains { !$0.features.dockingSchedule })
    #expect(partners.contains { !$0.features.resultsOnCompletion })
  }

  @Test func anUnknownPartnerIsAUsageErrorListingTheKnownOnes() {
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message:
          "no partner \"nsa\": the partners are csa, esa, jaxa, nasa and roscosmos; name one of them or the path "
          + "of a partner file")
    ) { try PartnerCatalogue.load("nsa") }
  }

  @Test func aFileOutsideThePackageIsReadByItsPath() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("asc.json")
    try JSONSerialization.data(withJSONObject: changing(validPartner(), ["id"], to: "asc")).write(to: file)
    #expect(try PartnerCatalogue.load(file.path).configuration.id == "asc")
    #expect(try PartnerCatalogue.load("asc.json", relativeTo: directory).file == "asc.json")
  }

  @Test func aPathThatNamesNoFileIsAUsageError() throws {
    let directory = try temporaryDirectory()
    let missing = directory.appendingPathComponent("none.json").path
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message: "no partner file \(missing) (no such file); name an existing file or a partner: csa, esa, jaxa, nasa "
          + "or roscosmos")
    ) { try PartnerCatalogue.load(missing) }
    #expect(
      throws: PartnerConfigurationError(
        kind: .unknownPartner,
        message: "\(directory.path)/ is a directory, not a partner file; name a partner file (.json)")
    ) { try PartnerCatalogue.load(directory.path + "/") }
  }

  @Test func aHugeFileIsNoPartnerFile() throws {
    let file = try temporaryDirectory().appendingPathComponent("huge.json")
    try Data(repeating: 32, count: PartnerCatalogue.maximumFileSize + 1).write(to: file)
    #expect(
      throws: PartnerConfigurationError(
        kind: .invalid,
        message:
          "partner file \(file.path) is 1048577 bytes; a partner file has at most 1048576 (is it the right file?)")
    ) { try PartnerCatalogue.load(file.path) }
  }

  #if os(Linux)
    @Test func aFileThatCannotBeReadIsAnIOError() {
      #expect {
        try PartnerCatalogue.load("/proc/self/mem")
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
