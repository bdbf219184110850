import Radio
import SolarArrayServiceInterface

/// The power system on the station's bus: type bytes from 0x10 (requests 0x10 status, 0x11 command;
/// answers 0x90, 0x91, failure 0x9F), "power" in the wire's failure text, "power.command" in analytics.
extension PowerSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x10, wireName: "power", inProcessEndpoint: "in-process:power-system", module: "SolarArrayService",
    commandEvent: "power.command")  // untranslated: names on the wire and in analytics
}

extension LiveCommandDevice: SolarArrayClient where P == PowerSystem {}

/// The power system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveSolarArrayClient = LiveCommandDevice<PowerSystem>

/// A simulated power system shared by every link to it, on a clock that may run faster than the
/// wall; `nominal(logger:)` is one in real time, where the orbit puts the station now.
public typealias SolarArraySimulation = DeviceSimulation<CommandDevice<SolarArraySimulator>>
