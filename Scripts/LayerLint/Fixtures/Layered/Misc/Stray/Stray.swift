public enum StrayInfo {}
