import Navigation
import PartnerConfiguration
import Testing
import UIComponents
import UIComponentsTestSupport

// Places and screens these tests name: declared here, as a domain declares its own.

extension Destination {
  static let supplies = Destination(domain: "Galley", place: "supplies")
  static let health = Destination(domain: "Gym", place: "health")
}

extension StyleScreen {
  static let dashboard = StyleScreen("dashboard")
  static let supplies = StyleScreen("supplies")
}

@MainActor @Suite struct DestinationTests {
  @Test func aDestinationIsAValueNamingItsDomainAndPlace() {
    #expect(Destination.supplies == Destination(domain: "Galley", place: "supplies"))
    #expect(Destination.supplies != Destination(domain: "Gym", place: "supplies"))
    #expect(Destination.health.description == "Gym.health")
  }

  @Test func aRecordingNavigatorShowsEveryDestinationUnlessToldOtherwise() async throws {
    let navigator = RecordingNavigator()
    let anywhere = Destination(domain: "Nowhere", place: "anything")
    #expect(navigator.canNavigate(to: anywhere) && navigator.canNavigate(to: .supplies))
    try await navigator.navigate(to: anywhere)
    #expect(navigator.requested == [anywhere])
  }
}
