import Store
import Log
public let feature = store + log
