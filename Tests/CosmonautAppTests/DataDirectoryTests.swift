import Testing

@testable import CosmonautApp

@Suite("Data directory")
struct DataDirectoryTests {
  let home = "/home/valentina"

  private func resolve(_ option: String?, _ environment: [String: String] = [:]) -> String {
    DataDirectory.resolve(option: option, environment: environment, home: home).path
  }

  @Test func optionWinsOverEveryVariable() {
    #expect(resolve("/data/iss", ["ISS_DATA_DIR": "/env/iss", "XDG_DATA_HOME": "/xdg"]) == "/data/iss")
  }

  @Test func issDataDirWinsOverXDG() {
    #expect(resolve(nil, ["ISS_DATA_DIR": "/env/iss", "XDG_DATA_HOME": "/xdg"]) == "/env/iss")
  }

  @Test func emptyValuesAreIgnored() {
    #expect(resolve("", ["ISS_DATA_DIR": "", "XDG_DATA_HOME": "/xdg"]) == "/xdg/iss")
    #expect(resolve(nil, ["XDG_DATA_HOME": ""]) == "/home/valentina/.local/share/iss")
  }

  @Test func xdgDataHomeIsUsedOnlyWhenAbsolute() {
    #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg"]) == "/xdg/iss")
    #expect(resolve(nil, ["XDG_DATA_HOME": "relative/data"]) == "/home/valentina/.local/share/iss")
  }

  @Test func defaultIsUnderTheHomeDirectory() {
    #expect(resolve(nil) == "/home/valentina/.local/share/iss")
  }

  @Test func tildeExpandsToHomeInTheOptionAndTheVariable() {
    #expect(resolve("~") == "/home/valentina")
    #expect(resolve("~/iss-data") == "/home/valentina/iss-data")
    #expect(resolve(nil, ["ISS_DATA_DIR": "~/station"]) == "/home/valentina/station")
  }

  @Test func resultIsADirectoryURL() {
    #expect(DataDirectory.resolve(option: "/data", environment: [:], home: home).hasDirectoryPath)
  }
}
