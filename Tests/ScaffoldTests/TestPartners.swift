import Foundation
import PartnerConfiguration

extension PartnerCatalogue {
  /// The partner files the apps ship (`App/Partners`), as an app's build embeds them: each read with
  /// every toggle and screen it sets declared, so the catalogue keeps all of it (an app's build reads
  /// them against what the package's modules declare; `ShippedPartnersTests` checks that).
  static let shipped: PartnerCatalogue = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("App/Partners")
    var configurations: [String: PartnerConfiguration] = [:]
    var declared: [PartnerVocabulary] = []
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for file in files where file.hasSuffix(".json") {
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
        let tree = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else { continue }
      let toggles = ((tree["features"] as? [String: Any]) ?? [:]).keys.map {
        FeatureToggle($0, default: false, help: "")
      }
      let screens = (((tree["theme"] as? [String: Any])?["screens"] as? [String: Any]) ?? [:]).keys.map {
        StyleSchema.Screen(StyleScreen($0), elements: StyleElement.allCases)
      }
      let vocabulary = PartnerVocabulary(toggles: toggles, screens: screens)
      declared.append(vocabulary)
      let id = String(file.dropLast(5))
      configurations[id] = try? PartnerFile.decode(data, file: "Partners/\(file)", vocabulary: vocabulary).configuration
    }
    let shipped = configurations
    return PartnerCatalogue(
      ids: Array(shipped.keys), declared: PartnerVocabulary(composing: declared), shipped: { shipped[$0] })
  }()
}
