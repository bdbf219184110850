import SpacesuitServiceInterface

/// The `--json` document of `health`.
struct HealthDocument: Encodable {
  let vitals: Vitals
  let readings: [Reading]
  let alerts: [SuitAlert]
}
