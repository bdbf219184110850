import SpacesuitServiceInterface

/// The `--json` document of `suit status` (and of each `suit watch` sample).
struct SuitStatusDocument: Encodable {
  let telemetry: SuitTelemetry
  let readings: [Reading]
  let alerts: [SuitAlert]
}
