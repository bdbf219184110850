public let myLib = 1
