import DepR
import DepA

public let viaReexport = r + a
