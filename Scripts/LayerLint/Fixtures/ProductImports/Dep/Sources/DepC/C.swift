import DepB

public let c = b + 1
