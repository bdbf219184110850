public enum OtherInfo {}
