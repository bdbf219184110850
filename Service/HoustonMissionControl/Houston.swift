import MissionControlInterface
import Secrets

extension ControlCenter {
  /// Mission Control Center Houston, as `cosmonaut`, `laboratory` and `iss-overview` show it:
  /// `--houston`, `$ISS_HOUSTON_URL`, `$ISS_HOUSTON_TOKEN`; times in UTC.
  public static let houston = ControlCenter(
    // untranslated: the English name logs and analytics use; people read `localizedName`
    id: "houston", name: "Houston", localizedName: Strings.centerName, clock: .utc,
    secrets: GeneratedSecrets.secrets)
}
