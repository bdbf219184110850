import Testing

@testable import Secrets

@Test func placeholder() {
  #expect(Secrets.tokenKey(for: .houston, stage: .development) == "houston.development.token")
}
