import HeatRadiatorServiceInterface
import Radio

/// The thermal control system on the station's bus: type bytes from 0x20 (requests 0x20 status,
/// 0x21 command; answers 0xA0, 0xA1, failure 0xAF), "thermal" in the wire's failure text,
/// "thermal.command" in analytics.
extension ThermalControlSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    band: 0x20, wireName: "thermal", endpoint: "thermal-control-system", module: "HeatRadiatorService")  // untranslated: wire names
}

/// The thermal control system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveHeatRadiatorClient = LiveCommandDevice<ThermalControlSystem>

extension LiveCommandDevice: HeatRadiatorClient where P == ThermalControlSystem {}
