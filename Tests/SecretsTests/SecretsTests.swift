import Foundation
import Testing

@testable import Secrets

/// The secrets a build carries: every centre's token at every stage, masked, revealed on reading.
@Suite struct SecretsTests {
  @Test func theBuildCarriesATokenForEveryCentreAtEveryStage() {
    for center in Secrets.Center.allCases {
      for stage in Secrets.Stage.allCases {
        let key = Secrets.tokenKey(for: center, stage: stage)
        #expect(Secrets.builtIn.value(forKey: key)?.isEmpty == false, "\(key)")
      }
    }
    #expect(Secrets.tokenKey(for: .houston, stage: .staging) == "houston.staging.token")
    #expect(Secrets.builtIn.keys.count == Secrets.Center.allCases.count * Secrets.Stage.allCases.count)
  }

  @Test func withoutAnExportTheBuildCarriesTheDevelopmentValues() throws {
    try #require(Secrets.builtIn.isDevelopment, "this build carries exported secrets; nothing to check here")
    #expect(Secrets.builtIn.token(for: .houston, stage: .development) == "iss-dev")
    #expect(Secrets.builtIn.token(for: .tsup, stage: .development) == "tsup-dev")
    #expect(Secrets.builtIn.token(for: .tsup, stage: .production) != Secrets.builtIn.token(for: .tsup, stage: .staging))
  }

  @Test func aMaskedSecretIsRevealedByItsMaskAndByNothingElse() {
    let plain = Array("s3cr3t-✓".utf8)
    let mask: [UInt8] = plain.indices.map { UInt8(17 + $0 * 13) }
    let masked = zip(plain, mask).map { $0 ^ $1 }
    #expect(masked != plain)
    let secrets = Secrets(entries: ["a.b": MaskedSecret(masked: masked, mask: mask)], isDevelopment: false)
    #expect(secrets.value(forKey: "a.b") == "s3cr3t-✓")
    #expect(secrets.value(forKey: "a.c") == nil)
    #expect(!secrets.isDevelopment)
  }
}
