public let log = 2
