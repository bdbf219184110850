public enum Low {}
