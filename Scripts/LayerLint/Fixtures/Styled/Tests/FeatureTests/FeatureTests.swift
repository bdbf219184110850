@testable import Feature
import Log
