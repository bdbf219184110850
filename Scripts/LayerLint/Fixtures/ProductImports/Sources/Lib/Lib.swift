import DepC

public let lib = c
