import Navigation
import Testing

@testable import CosmonautInterface

@Suite struct DestinationTests {
  @Test func theCosmonautDomainOwnsEveryOneOfItsDestinations() {
    #expect(CosmonautDestinations.all.allSatisfy { $0.domain == "Cosmonaut" })
    #expect(CosmonautDestinations.all.map(\.place) == ["profile", "supplies"])
  }

  @Test func destinationsAreValuesThatDifferByPlaceAndByDomain() {
    #expect(Set(CosmonautDestinations.all).count == CosmonautDestinations.all.count)
    #expect(Destination.supplies == Destination(domain: "Cosmonaut", place: "supplies"))
    #expect(Destination.supplies != Destination(domain: "Laboratory", place: "supplies"))
    #expect(Destination.profile.description == "Cosmonaut.profile")
  }
}
