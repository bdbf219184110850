@testable import Tool
