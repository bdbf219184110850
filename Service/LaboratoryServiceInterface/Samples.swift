import FoundationEssentials

/// A sample in the cold stowage log.
public struct StoredSample: Codable, Sendable, Equatable, Identifiable {
  /// Its id (8 hexadecimal characters).
  public var id: String
  /// Its label, e.g. `leaf-1`.
  public var label: String
  /// The freezer it is (or was) in.
  public var freezer: String
  /// The slot it takes (1…the freezer's slots).
  public var slot: Int
  /// The experiment that produced it, if any.
  public var experiment: String?
  /// The run that produced it, if any.
  public var run: String?
  /// Who logged it in.
  public var loggedBy: String?
  /// When it was logged in (the app's clock).
  public var loggedInAt: Date
  /// When it was logged in by the freezer's clock (excursions are dated by that clock).
  public var freezerTimeIn: Date
  /// When it was logged out; nil while it is in the freezer.
  public var loggedOutAt: Date?
  /// When it left the freezer, by the freezer's clock.
  public var freezerTimeOut: Date?
  /// Why it is at risk, when an excursion put it at risk.
  public var atRisk: SampleRisk?

  /// Whether it is in its freezer now.
  public var isStored: Bool { loggedOutAt == nil }
}

/// Why a sample is at risk: the excursion of its freezer while it was in it.
public struct SampleRisk: Codable, Sendable, Equatable {
  /// When the excursion began, by the freezer's clock.
  public var excursionStart: Date
  /// The worst temperature the freezer reached, °C.
  public var peakC: Double
  /// When the app noticed it.
  public var flaggedAt: Date

  /// A risk record.
  public init(excursionStart: Date, peakC: Double, flaggedAt: Date) {
    self.excursionStart = excursionStart
    self.peakC = peakC
    self.flaggedAt = flaggedAt
  }
}

/// One freezer as the stowage screen shows it: its reading, its slots, its samples and its alert.
public struct FreezerView: Codable, Sendable, Equatable {
  /// The freezer.
  public var freezer: Freezer
  /// Its reading.
  public var reading: FreezerReading
  /// The samples in it now, by slot.
  public var samples: [StoredSample]
  /// Whether its temperature puts samples at risk now.
  public var inExcursion: Bool

  /// Slots taken.
  public var used: Int { samples.count }
  /// Slots free.
  public var free: Int { max(0, freezer.slots - samples.count) }
}

/// An alert raised by the cold stowage: a freezer out of its limits, and the samples it put at risk.
public struct StowageAlert: Codable, Sendable, Equatable {
  /// The freezer.
  public var freezer: String
  /// What is wrong, in one line.
  public var message: String
  /// The ids of the samples at risk.
  public var samplesAtRisk: [String]
}

/// The cold stowage now.
public struct StowageReport: Codable, Sendable, Equatable {
  /// The freezers' clock.
  public var time: Date
  /// Every freezer.
  public var freezers: [FreezerView]
  /// Alerts, one per freezer out of its limits or with samples at risk.
  public var alerts: [StowageAlert]
  /// Samples flagged at risk by this reading (they were not before).
  public var newlyAtRisk: [String]
}

/// A sample to log in.
public struct SampleLogIn: Codable, Sendable, Hashable {
  /// Its label.
  public var label: String
  /// The freezer; nil: the first one at `storage` with a free slot and within its limits.
  public var freezer: String?
  /// How cold it must be kept; nil: whatever the freezer keeps.
  public var storage: StorageTemperature?
  /// The experiment that produced it.
  public var experiment: String?
  /// The run that produced it.
  public var run: String?

  /// A request to log in a sample.
  public init(
    label: String, freezer: String? = nil, storage: StorageTemperature? = nil, experiment: String? = nil,
    run: String? = nil
  ) {
    self.label = label
    self.freezer = freezer
    self.storage = storage
    self.experiment = experiment
    self.run = run
  }
}
