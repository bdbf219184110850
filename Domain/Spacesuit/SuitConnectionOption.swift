import AppAnalytics
import CommandLineKit
import Foundation
import Logging
import SpacesuitService

extension SpacesuitDomain {
  /// `--suit simulated|unix:PATH` (default `$ISS_SUIT`, else a suit simulated in-process): where
  /// an app that hosts this domain finds the suit.
  public static let connectionOption = Option(
    "suit", suitConnection, placeholder: "suit", environment: "ISS_SUIT",
    help: Strings.optionSuit(scenarios: SuitScenario.names))

  /// The suit client for what `connectionOption` read (nil: a suit simulated in-process, seeded by
  /// the clock), connecting on first use; a simulated suit keeps its state in `stateFile`.
  public static func suitClient(
    for connection: SuitConnection?, stateFile: URL, logger: Logger, analytics: Analytics
  ) -> any SpacesuitClient {
    let connection = connection ?? .simulated(seed: UInt64(Date().timeIntervalSince1970))
    return SpacesuitClients.connectingOnFirstUse(
      connection.keepingState(in: stateFile), logger: logger, analytics: analytics)
  }

  private static let suitConnection = ValueFormat<SuitConnection>(
    expectation: Strings.optionSuitExpectation, completion: .values(["simulated", "unix:"]),
    parse: { try SuitConnection.parse($0) }, write: \.description)
}
