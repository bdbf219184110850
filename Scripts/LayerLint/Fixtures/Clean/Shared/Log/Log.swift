public enum LogInfo {}
