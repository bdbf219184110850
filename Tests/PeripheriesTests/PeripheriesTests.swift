import Testing

@testable import Peripheries

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(PeripheriesInfo.current.summary == "Peripheries (Domain layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(PeripheriesInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
