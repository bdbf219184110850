public enum Gamma {}
