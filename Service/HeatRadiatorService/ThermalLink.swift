import HeatRadiatorServiceInterface
import Radio

/// The thermal control system on the station's bus: type bytes from 0x20 (requests 0x20 status,
/// 0x21 command; answers 0xA0, 0xA1, failure 0xAF), "thermal" in the wire's failure text,
/// "thermal.command" in analytics.
extension ThermalControlSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x20, wireName: "thermal", inProcessEndpoint: "in-process:thermal-control-system",
    module: "HeatRadiatorService", commandEvent: "thermal.command")  // untranslated: names on the wire and in analytics
}

extension LiveCommandDevice: HeatRadiatorClient where P == ThermalControlSystem {}

/// The thermal control system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveHeatRadiatorClient = LiveCommandDevice<ThermalControlSystem>

/// A simulated thermal control system shared by every link to it, on a clock that may run faster
/// than the wall; `nominal(logger:)` is one in real time.
public typealias HeatRadiatorSimulation = DeviceSimulation<CommandDevice<HeatRadiatorSimulator>>
