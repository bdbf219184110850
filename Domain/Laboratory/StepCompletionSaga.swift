import CosmonautServiceInterface
import LaboratoryServiceInterface
import Localization
import Logging

/// Marks a step done across the two services it touches: the lab (the run, the samples it logs)
/// and the cosmonaut's inventory (the supplies it draws). A saga, because no transaction spans the
/// two stores:
///
/// 1. check the stock (a shortage refuses, nothing changes);
/// 2. the lab logs the samples and remembers the stock seen (`beginStep`; a full freezer refuses);
/// 3. each supply is drawn from the inventory, then recorded as drawn;
/// 4. the lab marks the step done and queues its results.
///
/// A failure in 3 gives back what was drawn and cancels 2. A process killed anywhere leaves a run
/// whose `completing` says where it was; `settle` finishes it: a supply recorded as drawn is not
/// drawn again, and one whose stock already dropped by the step's quantity since 2 counts as drawn.
struct StepCompletionSaga: Sendable {
  let lab: any LaboratoryClient
  let supplies: any CosmonautClient
  let logger: Logger

  /// Marks `step` of `run` done; returns the updated run.
  func complete(_ run: ProcedureRun, step: Int, freezer: String?) async throws -> ProcedureRun {
    let run = try await settle(run)
    guard (1...run.steps.count).contains(step) else {
      throw LaboratoryFlowError.noSuchStep(step, run: run.id, count: run.steps.count)
    }
    guard run.state == .running, run.currentStep == step else {
      // The lab's rules say what is wrong (paused, ended, another step current).
      return try await lab.update(run.id, .beginStep(step, stockBefore: [:], freezer: freezer))
    }
    let inventory = try await supplies.supplies()
    var before: [String: Int] = [:]
    for need in Self.needs(run.procedure(step)) {
      guard let item = Self.item(need.item, in: inventory) else {
        throw LaboratoryFlowError.unknownSupply(item: need.item, step: step)
      }
      guard item.quantity >= need.quantity else {
        throw LaboratoryFlowError.shortOfSupply(
          item: item.id, needed: need.quantity, available: item.quantity, unit: item.unit, step: step)
      }
      before[need.item] = item.quantity
    }
    let begun = try await lab.update(run.id, .beginStep(step, stockBefore: before, freezer: freezer))
    return try await draw(begun, step: step)
  }

  /// Finishes a step the run was left in while being marked done (the app was stopped); the run as is otherwise.
  func settle(_ run: ProcedureRun) async throws -> ProcedureRun {
    guard let completing = run.completing else { return run }
    logger.notice("run \(run.id): finishing step \(completing.step), interrupted while being marked done")
    var run = run
    let inventory = try await supplies.supplies()
    for need in Self.needs(run.procedure(completing.step))
    where !run.steps[completing.step - 1].drawn.contains(need.item) {
      guard let seen = completing.stockBefore[need.item], let now = Self.item(need.item, in: inventory)?.quantity,
        now <= seen - need.quantity
      else { continue }
      logger.notice("run \(run.id): \(need.item) already dropped from \(seen) to \(now): counted as drawn")
      run = try await lab.update(run.id, .drawn(completing.step, item: need.item))
    }
    return try await draw(run, step: completing.step)
  }

  /// Draws what the step has not drawn yet, then finishes it; on a failure gives back what it drew and cancels.
  private func draw(_ run: ProcedureRun, step: Int) async throws -> ProcedureRun {
    var run = run
    for need in Self.needs(run.procedure(step)) where !run.steps[step - 1].drawn.contains(need.item) {
      do {
        _ = try await supplies.consume(need.item, quantity: need.quantity)
      } catch {
        await giveBack(run, step: step)
        throw error
      }
      run = try await lab.update(run.id, .drawn(step, item: need.item))
    }
    return try await lab.update(run.id, .finishStep(step))
  }

  private func giveBack(_ run: ProcedureRun, step: Int) async {
    for need in Self.needs(run.procedure(step)) where run.steps[step - 1].drawn.contains(need.item) {
      do {
        _ = try await supplies.restock(need.item, quantity: need.quantity)
      } catch {
        logger.error("run \(run.id): could not give back \(need.quantity) \(need.item): \(error)")
      }
    }
    do {
      _ = try await lab.update(run.id, .cancelStep(step))
    } catch {
      logger.error("run \(run.id): could not cancel step \(step): \(error)")
    }
  }

  /// The step's supplies, one entry per item (quantities of an item listed twice added up), in order.
  static func needs(_ step: ProcedureStep) -> [(item: String, quantity: Int)] {
    var order: [String] = []
    var totals: [String: Int] = [:]
    for need in step.consumes {
      if totals[need.item] == nil { order.append(need.item) }
      totals[need.item, default: 0] += need.quantity
    }
    return order.map { ($0, totals[$0] ?? 0) }
  }

  static func item(_ id: String, in inventory: [SupplyItem]) -> SupplyItem? {
    inventory.first { $0.id.lowercased() == id.lowercased() }
  }
}
