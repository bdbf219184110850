import Testing

@testable import StationSimulator

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(StationSimulatorInfo.current.summary == "StationSimulator (App layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(StationSimulatorInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
