import FoundationEssentials
import Localization

/// A supply a procedure step uses, taken from the cosmonaut's inventory.
public struct Consumable: Codable, Sendable, Hashable {
  /// The inventory item's id, e.g. `hygiene`.
  public var item: String
  /// How many of it.
  public var quantity: Int
  /// What it is used for, e.g. `gloves and wipes`.
  public var purpose: String

  /// A consumable.
  public init(item: String, quantity: Int, purpose: String) {
    self.item = item
    self.quantity = quantity
    self.purpose = purpose
  }
}

/// A sample a procedure step produces, and how cold it must be kept.
public struct SampleSpec: Codable, Sendable, Hashable {
  /// Its label, e.g. `leaf-1`.
  public var label: String
  /// Its storage temperature.
  public var storage: StorageTemperature

  /// A sample specification.
  public init(label: String, storage: StorageTemperature) {
    self.label = label
    self.storage = storage
  }
}

/// One step of an experiment's procedure, as the crew's procedure viewer shows it.
public struct ProcedureStep: Codable, Sendable, Equatable {
  /// A short title.
  public var title: String
  /// What to do.
  public var instruction: String
  /// Supplies the step uses.
  public var consumes: [Consumable]
  /// Samples the step produces.
  public var samples: [SampleSpec]

  /// A step.
  public init(title: String, instruction: String, consumes: [Consumable] = [], samples: [SampleSpec] = []) {
    self.title = title
    self.instruction = instruction
    self.consumes = consumes
    self.samples = samples
  }

  enum CodingKeys: String, CodingKey { case title, instruction, consumes, samples }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    instruction = try container.decode(String.self, forKey: .instruction)
    consumes = try container.decodeIfPresent([Consumable].self, forKey: .consumes) ?? []
    samples = try container.decodeIfPresent([SampleSpec].self, forKey: .samples) ?? []
  }
}

/// An experiment of the catalogue: where it runs and its procedure.
public struct Experiment: Codable, Sendable, Equatable, Identifiable {
  /// Its id on the command line, e.g. `plant-habitat`.
  public var id: String
  /// Its title.
  public var title: String
  /// The module it runs in.
  public var module: LabModule
  /// The rack it uses (a ``Rack`` id).
  public var rack: String
  /// What it studies.
  public var summary: String
  /// Its procedure, in order.
  public var steps: [ProcedureStep]

  /// An experiment.
  public init(id: String, title: String, module: LabModule, rack: String, summary: String, steps: [ProcedureStep]) {
    self.id = id
    self.title = title
    self.module = module
    self.rack = rack
    self.summary = summary
    self.steps = steps
  }
}

/// The experiment catalogue as Houston publishes it.
public struct ExperimentCatalogue: Codable, Sendable, Equatable {
  /// When Houston made it.
  public var generatedAt: Date
  /// The experiments.
  public var experiments: [Experiment]

  /// A catalogue.
  public init(generatedAt: Date, experiments: [Experiment]) {
    self.generatedAt = generatedAt
    self.experiments = experiments
  }

  /// The experiment `id` (any case).
  public func experiment(_ id: String) -> Experiment? {
    experiments.first { $0.id.lowercased() == id.lowercased() }
  }
}

/// One run on the crew's schedule.
public struct ScheduledRun: Codable, Sendable, Equatable {
  /// The experiment's id.
  public var experiment: String
  /// When it is planned, UTC.
  public var start: Date
  /// How long it is planned for, minutes.
  public var durationMinutes: Int
  /// Who is scheduled for it, when Houston says.
  public var crew: String?

  /// A scheduled run.
  public init(experiment: String, start: Date, durationMinutes: Int, crew: String? = nil) {
    self.experiment = experiment
    self.start = start
    self.durationMinutes = durationMinutes
    self.crew = crew
  }
}

/// The crew's run schedule as Houston publishes it.
public struct RunSchedule: Codable, Sendable, Equatable {
  /// When Houston made it.
  public var generatedAt: Date
  /// The runs, in time order.
  public var runs: [ScheduledRun]

  /// A schedule.
  public init(generatedAt: Date, runs: [ScheduledRun]) {
    self.generatedAt = generatedAt
    self.runs = runs
  }
}

/// A document from Houston and where it came from: Houston now, or the copy kept from the last time.
public struct KeptDocument<Document: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  /// The document.
  public var document: Document
  /// When it was received from Houston.
  public var receivedAt: Date
  /// True when Houston answered just now; false for the kept copy.
  public var isLive: Bool
  /// Why Houston's copy was not used, when it was not: in the reader's language on screen, in
  /// English in JSON (a reason read back from JSON is shown as it was written).
  public var offlineReason: LocalizedText?

  /// A reading.
  public init(document: Document, receivedAt: Date, isLive: Bool, offlineReason: LocalizedText? = nil) {
    self.document = document
    self.receivedAt = receivedAt
    self.isLive = isLive
    self.offlineReason = offlineReason
  }
}
