import CommandLineKit
import SpacesuitServiceInterface

extension SpacesuitDomain {
  /// `--suit simulated|unix:PATH` (default `$ISS_SUIT`, else a suit simulated in-process): where
  /// an app that hosts this domain finds the suit.
  public static let connectionOption = Option(
    "suit", suitConnection, placeholder: "suit", environment: "ISS_SUIT",
    help: Strings.optionSuit(scenarios: SuitScenario.names))

  private static let suitConnection = ValueFormat<SuitConnection>(
    expectation: Strings.optionSuitExpectation, completion: .values(["simulated", "unix:"]),
    parse: { try SuitConnection.parse($0) }, write: \.description)
}
