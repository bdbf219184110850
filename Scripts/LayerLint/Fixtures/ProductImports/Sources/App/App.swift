import DepC
import DepA

public let app = c + a
