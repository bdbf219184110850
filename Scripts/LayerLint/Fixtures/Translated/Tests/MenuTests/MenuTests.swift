import Testing
@testable import Menu

@Test func quitIsShown() { #expect(Menu().quit == "Quit") }
