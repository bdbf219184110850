import DockingPortServiceInterface
import Radio

/// The docking system on the station's bus: type bytes from 0x30 (requests 0x30 status, 0x31
/// command; answers 0xB0, 0xB1, failure 0xBF), "docking" in the wire's failure text,
/// "docking.command" in analytics.
extension DockingSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    band: 0x30, wireName: "docking", endpoint: "docking-system", module: "DockingPortService")  // untranslated: wire names
}

/// The docking system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveDockingPortClient = LiveCommandDevice<DockingSystem>

extension LiveCommandDevice: DockingPortClient where P == DockingSystem {}
