import Foundation
import Testing

@Test func works() {}
