import MissionControlInterface
import Secrets

extension ControlCenter {
  /// TsUP (Tsentr Upravleniya Polyotami), the Mission Control Centre in Korolyov, as `cosmonaut-ru`
  /// shows it: `--tsup`, `$ISS_TSUP_URL`, `$ISS_TSUP_TOKEN`; times in Moscow time.
  public static let tsup = ControlCenter(
    // untranslated: the English name logs and analytics use; people read `localizedName`
    id: "tsup", name: "TsUP", localizedName: Strings.centerName, clock: .moscow,
    secrets: GeneratedSecrets.secrets)
}
