import Base

/// A report without string tables: its text is not checked.
public enum Report {
  public static let heading = "Daily report"
}
