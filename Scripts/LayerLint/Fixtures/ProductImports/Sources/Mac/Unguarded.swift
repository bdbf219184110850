import DepA

public let everywhere = a
