@testable import Log
