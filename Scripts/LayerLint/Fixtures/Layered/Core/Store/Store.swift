public import Api

public enum StoreInfo {}
