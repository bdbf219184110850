import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many times Ctrl-C (SIGINT) has arrived since the handler was installed.
private let interruptCount = Atomic<Int>(0)
/// The write end of the self-pipe the handler wakes readers with (-1 until installed).
private let wakeWriter = Atomic<Int32>(-1)
/// The read end of that pipe (-1 until installed).
private let wakeReader = Atomic<Int32>(-1)
/// Whether the counting handler is SIGINT's handler now.
private let handlerInstalled = Atomic<Bool>(false)

/// Counts the interrupt and wakes any reader blocked in `poll` (async-signal-safe: an atomic add
/// and a `write` of one byte). A process-wide signal may arrive on any thread; the pipe reaches them all.
private func handleInterrupt(_ signal: Int32) {
  interruptCount.add(1, ordering: .relaxed)
  var byte: UInt8 = 1
  _ = write(wakeWriter.load(ordering: .relaxed), &byte, 1)
}

/// Ctrl-C for the interactive app: instead of killing the process, SIGINT is counted and wakes the
/// terminal's reader, so the terminal can cancel the current prompt or flow.
///
/// What Ctrl-C does, everywhere: at a prompt or a screen's menu it goes back to the menu the prompt
/// or screen came from; during something slow (a watch, a call to mission control) it cancels it
/// ("Cancelled.") and the screen goes on; at the main menu — or a second time in a row — it ends the
/// app with exit code 130. A scripted command ends on Ctrl-C too (130): one that watches
/// (`suit watch`, `status --watch`) stops cleanly (``Terminal/catchingInterrupts(_:)``), any
/// other by the signal's default action, which shells report as 130 as well.
public enum InterruptSignal {
  /// Installs the counting handler for SIGINT (the interactive app does, for its whole run).
  public static func install() {
    if wakeReader.load(ordering: .relaxed) < 0 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return }
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      wakeReader.store(ends[0], ordering: .relaxed)
      wakeWriter.store(ends[1], ordering: .relaxed)
    }
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handleInterrupt
    #else
      action.__sigaction_handler.sa_handler = handleInterrupt
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGINT, &action, nil)
    handlerInstalled.store(true, ordering: .relaxed)
  }

  /// Gives SIGINT its default action back: Ctrl-C ends the process.
  static func uninstall() {
    handlerInstalled.store(false, ordering: .relaxed)
    signal(SIGINT, SIG_DFL)
  }

  /// Whether Ctrl-C is counted now (rather than ending the process).
  static var isInstalled: Bool { handlerInstalled.load(ordering: .relaxed) }

  /// The number of Ctrl-Cs so far.
  static var count: Int { interruptCount.load(ordering: .relaxed) }

  /// The descriptor that becomes readable on Ctrl-C (-1 when the handler is not installed).
  static var wakeDescriptor: Int32 { wakeReader.load(ordering: .relaxed) }

  /// Empties the wake-up pipe after an interrupt was seen.
  static func drainWakeUps() {
    let descriptor = wakeDescriptor
    guard descriptor >= 0 else { return }
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}

/// Whether standard error was a terminal when ``TerminalSignals/install()`` ran.
private let stderrIsTerminal = Atomic<Bool>(false)

/// Ends the process at once with `128 + signal` (async-signal-safe: a `write` and `_exit`), on a
/// fresh line when a person watches.
private func endOnSignal(_ signal: Int32) {
  if stderrIsTerminal.load(ordering: .relaxed) {
    var newline: UInt8 = 10
    _ = write(STDERR_FILENO, &newline, 1)
  }
  _exit(128 + signal)
}

/// The other signals a terminal sends — Ctrl-\ (SIGQUIT), a closed terminal (SIGHUP) — and SIGTERM
/// end every program cleanly with `128 + signal` (131, 129, 143): no crash report, no wait. What
/// was acknowledged is in the store already (each change commits before it is said), and a change in
/// flight is rolled back by SQLite as after any sudden end.
public enum TerminalSignals {
  /// Installs the handlers (every app and simulator does, at start).
  public static func install() {
    stderrIsTerminal.store(isatty(STDERR_FILENO) == 1, ordering: .relaxed)
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = endOnSignal
    #else
      action.__sigaction_handler.sa_handler = endOnSignal
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    for signal in [SIGQUIT, SIGHUP, SIGTERM] { sigaction(signal, &action, nil) }
  }
}
