import Foundation
import Testing

@testable import CosmonautApp
@testable import PartnerConfiguration

/// The partner files the apps ship (`App/Partners`), as an app's build embeds them
/// (`ShippedPartners.catalogue`): every file, each exactly what reading it strictly gives, and each
/// reading without a warning against what the package's modules declare.
@Suite struct ShippedPartnersTests {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("App/Partners")
  let ids = ["csa", "esa", "jaxa", "nasa", "roscosmos"]

  @Test func everyFileOfThePartnersFolderIsAShippedPartner() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    #expect(ShippedPartners.catalogue.ids == files)
    #expect(files == ids)
  }

  @Test(arguments: ["nasa", "roscosmos", "esa", "jaxa", "csa"])
  func eachShippedPartnerIsWhatReadingItsFileStrictlyGives(id: String) throws {
    let text = try String(contentsOf: folder.appendingPathComponent("\(id).json"), encoding: .utf8)
    #expect(ShippedPartners.files[id] == text)
    let shipped = try ShippedPartners.catalogue.load(id, vocabulary: PartnerVocabulary())
    #expect(shipped.file == "Partners/\(id).json")
    let read = try PartnerFile.decode(
      Data(text.utf8), file: "Partners/\(id).json", vocabulary: PartnerVocabulary(),
      elsewhere: ShippedPartners.catalogue.declared)
    #expect(read.warnings.isEmpty, "what the package's modules declare reads every shipped file without a warning")
    #expect(shipped == read)
    #expect(read.configuration.analytics.providers == [.jsonLines])
    // Each sets every element the framework requires, and looks different from the framework.
    #expect(StyleSchema.framework.requiredElements.allSatisfy { read.configuration.theme.base[$0] != nil })
    #expect(read.configuration.theme.sheet(schema: .framework) != StyleSheet.defaults)
  }

  @Test func theFivePartnersLookAndBehaveDifferently() throws {
    let partners = try ids.map { try ShippedPartners.catalogue.load($0, vocabulary: PartnerVocabulary()).configuration }
    #expect(Set(partners.map(\.name)) == ["NASA", "Roscosmos", "ESA", "JAXA", "CSA"])
    #expect(Set(partners.map { $0.theme.sheet(schema: .framework).style(.title, on: nil) }).count == 5)
    #expect(partners.allSatisfy { !$0.theme.screens.isEmpty }, "each styles some screen apart")
    let toggles = Set(partners.flatMap(\.features.values.keys))
    #expect(!toggles.isEmpty)
    for toggle in toggles {
      #expect(Set(partners.map { $0.features.values[toggle] }).count > 1, "\(toggle) is not the same for every partner")
    }
  }
}
