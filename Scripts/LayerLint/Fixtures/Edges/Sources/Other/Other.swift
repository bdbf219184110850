public let other = 2
