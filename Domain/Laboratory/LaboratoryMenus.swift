import Localization
import UIComponents

/// The labs screen's choices, in menu order.
enum LabsChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", switchRack = "w", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .switchRack: Strings.menuSwitchRack
    case .back: Strings.menuBack
    }
  }
}

/// The cold stowage screen's choices, in menu order.
enum StowageChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", logIn = "i", logOut = "o", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .logIn: Strings.menuLogIn
    case .logOut: Strings.menuLogOut
    case .back: Strings.menuBack
    }
  }
}

/// The experiments screen's choices, in menu order.
enum ExperimentsChoice: String, MenuChoice, CaseIterable {
  case viewProcedure = "v", startRun = "s", crewSchedule = "c", back = "b"

  var title: LocalizedText {
    switch self {
    case .viewProcedure: Strings.menuViewProcedure
    case .startRun: Strings.menuStartRun
    case .crewSchedule: Strings.menuCrewSchedule
    case .back: Strings.menuBack
    }
  }
}

/// The runs screen's choices, in menu order.
enum RunsChoice: String, MenuChoice, CaseIterable {
  case openRun = "o", startRun = "s", back = "b"

  var title: LocalizedText {
    switch self {
    case .openRun: Strings.menuOpenRun
    case .startRun: Strings.menuStartRun
    case .back: Strings.menuBack
    }
  }
}

/// The procedure viewer's choices, in menu order (leaving it pauses the run).
enum ProcedureChoice: String, MenuChoice, CaseIterable {
  case done = "d", skip = "s", pause = "p", allSteps = "l"

  var title: LocalizedText {
    switch self {
    case .done: Strings.menuDone
    case .skip: Strings.menuSkip
    case .pause: Strings.menuPause
    case .allSteps: Strings.menuAllSteps
    }
  }
}

/// The results screen's choices, in menu order.
enum ResultsChoice: String, MenuChoice, CaseIterable {
  case send = "s", retry = "t", discard = "d", refresh = "r", back = "b"

  var title: LocalizedText {
    switch self {
    case .send: Strings.menuSend
    case .retry: Strings.menuRetryResult
    case .discard: Strings.menuDiscardResult
    case .refresh: Strings.menuRefresh
    case .back: Strings.menuBack
    }
  }
}
