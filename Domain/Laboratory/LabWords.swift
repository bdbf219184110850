import LaboratoryServiceInterface
import Localization

extension RackState {
  /// The state as a person reads it (the command word stays `rawValue`).
  var localizedName: LocalizedText {
    switch self {
    case .operating: Strings.rackOperating
    case .standby: Strings.rackStandby
    case .off: Strings.rackOff
    case .fault: Strings.rackFault
    }
  }
}

extension RunState {
  /// The state as a person reads it (JSON keeps `rawValue`).
  var localizedName: LocalizedText {
    switch self {
    case .running: Strings.runStateRunning
    case .paused: Strings.runStatePaused
    case .completed: Strings.runStateCompleted
    case .aborted: Strings.runStateAborted
    }
  }
}
