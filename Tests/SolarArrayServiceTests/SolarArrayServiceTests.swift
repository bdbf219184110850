import Testing

@testable import SolarArrayService

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(SolarArrayServiceInfo.current.summary == "SolarArrayService (Service layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(SolarArrayServiceInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
