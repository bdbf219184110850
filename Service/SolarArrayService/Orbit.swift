import FoundationEssentials
import SolarArrayServiceInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A circular orbit like the station's: 420 km, 51.6° inclination, 92.7 minutes; the Earth's
/// shadow covers about 36 minutes of each orbit at low beta angles, less as the beta angle grows.
struct Orbit: Sendable, Equatable {
  static let periodSeconds = 92.68 * 60
  static let altitudeKm = 420.0
  static let earthRadiusKm = 6371.0
  static let inclinationDegrees = 51.64
  static let speedKmPerSecond = 7.66
  static let siderealDaySeconds = 86164.0905

  /// The sun's angle above the orbit plane, degrees.
  let betaAngle: Double

  /// The shadowed fraction of one orbit for this beta angle (0 above about 70°).
  var eclipseFraction: Double {
    let radius = Self.earthRadiusKm + Self.altitudeKm
    let horizon = (Self.altitudeKm * Self.altitudeKm + 2 * Self.earthRadiusKm * Self.altitudeKm).squareRoot()
    let cosine = horizon / (radius * cos(betaAngle * .pi / 180))
    guard cosine < 1 else { return 0 }
    return acos(cosine) / .pi
  }

  /// True when `phase` (0 at orbit noon, 0.5 at orbit midnight) is in the Earth's shadow.
  func inShadow(phase: Double) -> Bool {
    abs(phase - 0.5) < eclipseFraction / 2
  }

  /// Where the station is at `phase` (and the Earth's rotation at `date`).
  func status(phase: Double, date: Date) -> OrbitStatus {
    let argument = 2 * Double.pi * phase
    let inclination = Self.inclinationDegrees * .pi / 180
    let latitude = asin(sin(inclination) * sin(argument)) * 180 / .pi
    let orbitLongitude = atan2(cos(inclination) * sin(argument), cos(argument)) * 180 / .pi
    let rotation =
      360 * date.timeIntervalSince1970.truncatingRemainder(dividingBy: Self.siderealDaySeconds)
      / Self.siderealDaySeconds
    let longitude = (orbitLongitude - rotation + 540).truncatingRemainder(dividingBy: 360) - 180
    let shadowStart = 0.5 - eclipseFraction / 2
    let shadowEnd = 0.5 + eclipseFraction / 2
    let next: Double
    if inShadow(phase: phase) {
      next = shadowEnd - phase
    } else {
      next = phase < shadowStart ? shadowStart - phase : 1 - phase + shadowStart
    }
    return OrbitStatus(
      latitude: latitude, longitude: longitude, altitudeKm: Self.altitudeKm,
      speedKmPerSecond: Self.speedKmPerSecond, inSunlight: !inShadow(phase: phase), betaAngle: betaAngle,
      periodMinutes: Self.periodSeconds / 60, eclipseMinutes: eclipseFraction * Self.periodSeconds / 60,
      minutesToTransition: next * Self.periodSeconds / 60)
  }
}
