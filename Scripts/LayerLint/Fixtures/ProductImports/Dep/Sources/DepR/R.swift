@_exported import DepA

public let r = a
