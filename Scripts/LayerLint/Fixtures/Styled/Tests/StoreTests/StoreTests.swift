@testable import Store
import Log
