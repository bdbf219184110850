import Testing

@testable import CosmonautServiceFakes

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(CosmonautServiceFakesInfo.current.summary == "CosmonautServiceFakes (Service layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(CosmonautServiceFakesInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
