import DepC
import DepB

public let shape = c + b
