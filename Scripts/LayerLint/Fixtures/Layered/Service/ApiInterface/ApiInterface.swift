import Api

public protocol ApiProviding {}
