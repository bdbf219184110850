import Foundation

/// One of the two external active thermal control loops, each pumping ammonia through its radiators.
public enum CoolantLoop: String, Codable, Sendable, CaseIterable {
  case a = "A", b = "B"

  /// The radiator wing that rejects this loop's heat.
  public var radiator: RadiatorWing { self == .a ? .starboard : .port }
}

/// A heat rejection radiator wing, turned by its thermal radiator rotary joint.
public enum RadiatorWing: String, Codable, Sendable, CaseIterable {
  /// On the S1 truss segment, loop A.
  case starboard
  /// On the P1 truss segment, loop B.
  case port

  /// The loop whose heat it rejects.
  public var loop: CoolantLoop { self == .starboard ? .a : .b }
  /// The truss segment it is mounted on.
  public var segment: String { self == .starboard ? "S1" : "P1" }
}

/// How a radiator's rotary joint is driven.
public enum RadiatorPointing: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Keeps the panels edge-on to the sun (autotrack).
  case track
  /// Holds an angle, degrees (the joint turns −105…105).
  case angle(Double)

  /// `track` or the angle, e.g. `-30`.
  public var description: String {
    switch self {
    case .track: "track"
    case .angle(let degrees): degrees.rounded() == degrees ? String(Int(degrees)) : String(degrees)
    }
  }

  /// Reads `track` or an angle (any number; the radiator refuses one beyond its range); nil otherwise.
  public init?(text: String) {
    if text.lowercased() == "track" {
      self = .track
    } else if let degrees = Double(text), degrees.isFinite {
      self = .angle(degrees)
    } else {
      return nil
    }
  }
}

/// Where a radiator's panels are.
public enum Deployment: String, Codable, Sendable {
  case retracted, deploying, deployed, retracting
}

/// One loop as telemetry reports it.
public struct LoopStatus: Codable, Sendable, Equatable {
  /// Which loop.
  public var loop: CoolantLoop
  /// Its pump, revolutions per minute.
  public var pumpSpeedRPM: Double
  /// Ammonia flow, kg/s.
  public var flowKgPerSecond: Double
  /// Ammonia leaving the radiators towards the station, °C (held near 2.8 °C).
  public var supplyTemperatureC: Double
  /// Ammonia coming back from the station's heat exchangers, °C.
  public var returnTemperatureC: Double
  /// Heat picked up from the station, kW.
  public var heatLoadKW: Double
  /// Heat the radiators reject to space, kW.
  public var heatRejectedKW: Double
}

/// One radiator wing as telemetry reports it.
public struct RadiatorStatus: Codable, Sendable, Equatable {
  /// Which wing.
  public var wing: RadiatorWing
  /// Where its panels are.
  public var deployment: Deployment
  /// How far its panels are out, %.
  public var extendedPercent: Double
  /// How its rotary joint is driven.
  public var pointing: RadiatorPointing
  /// Its rotary joint's angle, degrees.
  public var angle: Double
  /// What it can reject now, kW.
  public var capacityKW: Double
}

/// The external thermal control system at one moment.
public struct ThermalStatus: Codable, Sendable, Equatable {
  /// When it was measured.
  public var timestamp: Date
  /// Loops A and B.
  public var loops: [LoopStatus]
  /// The starboard and port radiator wings.
  public var radiators: [RadiatorStatus]

  /// Heat rejected by both loops, kW.
  public var heatRejectedKW: Double { loops.reduce(0) { $0 + $1.heatRejectedKW } }
}

/// A command the thermal control system carries out.
public enum ThermalCommand: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Extend a radiator's panels.
  case deploy(RadiatorWing)
  /// Retract a radiator's panels.
  case retract(RadiatorWing)
  /// Drive a radiator's rotary joint.
  case rotate(RadiatorWing, RadiatorPointing)

  public var description: String {
    switch self {
    case .deploy(let wing): "deploy the \(wing.rawValue) radiator"
    case .retract(let wing): "retract the \(wing.rawValue) radiator"
    case .rotate(let wing, let pointing): "rotate the \(wing.rawValue) radiator to \(pointing)"
    }
  }
}

/// The thermal control system's answer to a command.
public struct ThermalAcknowledgement: Codable, Sendable, Equatable {
  /// The command, as text.
  public var command: String
  /// Whether it was carried out.
  public var accepted: Bool
  /// What happened, or why not.
  public var message: String

  /// An answer.
  public init(command: String, accepted: Bool, message: String) {
    self.command = command
    self.accepted = accepted
    self.message = message
  }
}
