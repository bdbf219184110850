import Foundation
import Testing

@testable import MissionControlInterface

/// Where a centre is reached, before anything connects.
@Suite struct MissionControlAddressTests {
  @Test(arguments: ["", " ", "\t\n"])
  func aBlankTokenIsNoAddress(token: String) throws {
    #expect(MissionControlAddress(url: try #require(URL(string: "http://127.0.0.1:9")), token: token) == nil)
  }

  @Test func aTokenIsKeptAsGiven() throws {
    let url = try #require(URL(string: "https://ground.example/api"))
    let address = try #require(MissionControlAddress(url: url, token: " t-1 "))
    #expect(address.url == url && address.token == " t-1 ")
  }
}
