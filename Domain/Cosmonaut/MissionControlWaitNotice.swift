import CosmonautServiceInterface
import Localization
import MissionControlInterface
import UIComponents

/// Says what a call to mission control waits for, while it waits: "Contacting Houston (the station
/// position)…" once the wait is noticeable, and every retry with its reason. Quiet in `--json`.
@MainActor
final class MissionControlWaitNotice {
  /// How long a wait goes unmentioned: a quick answer needs no notice.
  static let grace: Duration = .milliseconds(300)

  private let context: FlowContext
  /// The centre's name, e.g. "Houston".
  private let center: LocalizedText
  private var finished = false
  /// When the last "Delivered k of n" line was written (one a second at most).
  private var lastCount: ContinuousClock.Instant?

  init(context: FlowContext, center: ControlCenter) {
    self.context = context
    self.center = CosmonautTexts.name(of: center)
  }

  /// Hears a progress report from any thread; the line is written on the main actor.
  nonisolated func hear(_ progress: MissionControlProgress) {
    Task { @MainActor in await self.show(progress) }
  }

  /// Stops further notices (the call is over).
  func finish() {
    finished = true
  }

  private func show(_ progress: MissionControlProgress) async {
    guard !context.json else { return }
    switch progress {
    case .contacting(let what):
      try? await Task.sleep(for: Self.grace)
      say(Strings.noticeContacting(center: center, what: what))
    case .retrying(let attempt, let retryIn, let reason):
      let seconds = Double(retryIn.components.seconds) + Double(retryIn.components.attoseconds) / 1e18
      let delay = Strings.noticeSeconds(seconds: LocalizedText.number(seconds, fractionDigits: seconds < 10 ? 1 : 0))
      say(Strings.noticeRetrying(center: center, reason: reason, delay: delay, attempt: attempt + 1))
    case .delivered(let count, let total) where count < total:
      let now = ContinuousClock.now
      guard lastCount.map({ now - $0 >= .seconds(1) }) ?? true else { return }
      lastCount = now
      say(Strings.noticeDelivered(count: count, total: total))
    case .delivered, .fellBack: break
    }
  }

  private func say(_ line: LocalizedText) {
    guard !finished else { return }
    context.terminal.print(context.theme.apply(.dim, to: context.translator(line)))
  }
}
