import Testing

@testable import TsUPCosmonautService

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(TsUPCosmonautServiceInfo.current.summary == "TsUPCosmonautService (Service layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(TsUPCosmonautServiceInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
