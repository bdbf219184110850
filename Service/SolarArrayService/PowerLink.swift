import Radio
import SolarArrayServiceInterface

/// The power system on the station's bus: type bytes from 0x10 (requests 0x10 status, 0x11 command;
/// answers 0x90, 0x91, failure 0x9F), "power" in the wire's failure text, "power.command" in analytics.
extension PowerSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    band: 0x10, wireName: "power", endpoint: "power-system", module: "SolarArrayService")  // untranslated: wire names
}

/// The power system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveSolarArrayClient = LiveCommandDevice<PowerSystem>

extension LiveCommandDevice: SolarArrayClient where P == PowerSystem {}
