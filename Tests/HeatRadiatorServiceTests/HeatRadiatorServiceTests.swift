import Testing

@testable import HeatRadiatorService

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(HeatRadiatorServiceInfo.current.summary == "HeatRadiatorService (Service layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(HeatRadiatorServiceInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
