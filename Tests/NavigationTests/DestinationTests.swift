import Testing

@testable import Navigation

/// A destination is its owning domain and its place: equal by both, read as `domain.place`.
@Suite struct DestinationTests {
  @Test func aDestinationIsItsDomainAndPlace() {
    let supplies = Destination(domain: "Cosmonaut", place: "supplies")
    #expect(supplies.description == "Cosmonaut.supplies")
    #expect(supplies == Destination(domain: "Cosmonaut", place: "supplies"))
    #expect(supplies != Destination(domain: "Laboratory", place: "supplies"))
    #expect(Set([supplies, Destination(domain: "Cosmonaut", place: "profile")]).count == 2)
  }
}
