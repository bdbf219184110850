import Foundation
import Testing

@testable import Secrets

/// The mechanism: a centre's token at a stage under its key, masked, revealed on reading.
@Suite struct SecretsTests {
  @Test func aTokenIsKeptUnderItsCentreAndStage() {
    #expect(Secrets.tokenKey(for: "houston", stage: .staging) == "houston.staging.token")
    let secrets = Secrets(
      entries: ["tsup.staging.token": Self.masked("t-1"), "tsup.production.token": Self.masked("t-2")],
      isDevelopment: true, centres: ["houston", "tsup"])
    #expect(secrets.token(for: "tsup", stage: .staging) == "t-1")
    #expect(secrets.token(for: "tsup", stage: .production) == "t-2")
    #expect(secrets.keys == ["tsup.production.token", "tsup.staging.token"])
    #expect(secrets.centres == ["houston", "tsup"])
    #expect(secrets.isDevelopment)
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

  static func masked(_ value: String) -> MaskedSecret {
    let plain = Array(value.utf8)
    let mask = plain.map { _ in UInt8.random(in: 1...255) }
    return MaskedSecret(masked: zip(plain, mask).map { $0 ^ $1 }, mask: mask)
  }
}
