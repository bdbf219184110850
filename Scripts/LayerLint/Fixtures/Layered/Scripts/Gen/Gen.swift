public enum GenInfo {}
