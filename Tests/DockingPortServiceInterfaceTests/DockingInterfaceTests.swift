import DockingPortServiceInterface
import Foundation
import Localization
import Testing

/// What every docking system and every domain agrees on: the procedure, its refusals and the words.
@Suite("The docking system's interface")
struct DockingInterfaceTests {
  let ports = Dictionary(
    uniqueKeysWithValues: DockingPort.allCases.map { port in
      (
        port,
        PortStatus(
          port: port, phase: port == .zvezdaAft ? .hatchOpen : .free, vehicle: port == .zvezdaAft ? .progressMS : nil)
      )
    })

  @Test func anApproachStartsAtTheKeepOutSphereAndIsAnsweredWithThePort() {
    let step = DockingProcedure.step(.approach(.harmonyForward, .starliner), ports: ports)
    let approaching = PortStatus(
      port: .harmonyForward, phase: .approach, vehicle: .starliner, rangeMeters: DockingProcedure.keepOutSphereMeters)
    #expect(step == .next(approaching))
    let answer = DockingAcknowledgement(answering: .approach(.harmonyForward, .starliner), with: step)
    #expect(answer.accepted && answer.result == approaching)
    #expect(answer.message == "Harmony forward (IDA-2): Starliner, approach")
    #expect(answer.outcome.resolved(in: .russian) == "Гармония, передний (IDA-2): Starliner, сближение")
  }

  @Test func theProcedureRefusesOutOfOrderStepsAndSaysWhyInEveryLanguage() {
    #expect(
      DockingProcedure.step(.approach(.zvezdaAft, .progressMS), ports: ports)
        == .refused(.occupied(ports[.zvezdaAft]!)))
    #expect(
      DockingProcedure.step(.approach(.prichalNadir, .crewDragon), ports: ports)
        == .refused(.mechanismMismatch(.crewDragon, .prichalNadir)))
    #expect(
      DockingProcedure.step(.undock(.zvezdaAft), ports: ports)
        == .refused(.outOfOrder(ports[.zvezdaAft]!, .closeHatchFirst)))
    #expect(DockingProcedure.step(.capture(.harmonyForward), ports: [:]) == .refused(.noSuchPort))
    var moving = ports
    moving[.prichalNadir] = PortStatus(port: .prichalNadir, phase: .approach, vehicle: .progressMS, rangeMeters: 50)
    #expect(
      DockingProcedure.step(.approach(.harmonyForward, .starliner), ports: moving)
        == .refused(.oneVehicleAtATime(moving[.prichalNadir]!)))
    let early = DockingAcknowledgement(
      answering: .capture(.prichalNadir), with: DockingProcedure.step(.capture(.prichalNadir), ports: moving))
    #expect(!early.accepted && early.message.contains("50.0 m"))
    #expect(
      early.reason.resolved(in: .russian)
        == "Прогресс МС ещё в 50,0 м от порта prichal-nadir; захват — только при контакте")
    moving[.prichalNadir]?.rangeMeters = 0
    #expect(
      DockingProcedure.step(.capture(.prichalNadir), ports: moving)
        == .next(PortStatus(port: .prichalNadir, phase: .softCapture, vehicle: .progressMS)))
  }

  @Test func theScheduleErrorsSayWhatToDo() {
    let error = VehicleScheduleError.noScheduleYet(.verbatim("offline"))
    #expect(error.kind == .unavailable && error.userMessage.hasPrefix("no vehicle schedule yet: offline;"))
    #expect(VehicleScheduleError.invalidResponse("events").kind == .unavailable, "a foreign server: 69, as for sync")
    #expect(VehicleSchedule.sample.events.map(\.designation) == ["CRS-35", "Progress MS-31", "Progress MS-33"])
  }

  @Test func namesReadInRussianAndStayEnglishOnTheWire() {
    #expect(DockingPort.poiskZenith.localizedName.resolved(in: .russian) == "Поиск, зенитный (МИМ-2)")
    #expect(DockingPort.poiskZenith.displayName == "Poisk zenith (MRM-2)")
    #expect(VehicleKind.soyuzMS.localizedName.resolved(in: .russian) == "Союз МС")
    #expect(VehicleKind.soyuzMS.displayName == "Soyuz MS")
    #expect(PortPhase.softCapture.localizedName.resolved(in: .russian) == "мягкий захват")
    #expect(VehicleEvent.Kind.departure.localizedName.resolved(in: .russian) == "отбытие")
    #expect(DockingMechanism.ssvp.localizedName.resolved(in: .russian) == "ССВП")
  }
}
