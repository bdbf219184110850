#!/usr/bin/env swift-is-not-run-this-way
// import Undeclared — a comment
/* import Undeclared /* nested */ import Undeclared */
@preconcurrency import FeatureInterface
@_implementationOnly import CLib.Shim
public import Log
#if os(Linux)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  import Foundation
#endif
import Foundation; import Dispatch

/// The clean fixture's feature.
public enum FeatureInfo {
  /// Strings that look like imports are not imports.
  public static let name = "import Undeclared"
  static let multi = """
    import Undeclared
    \(name.isEmpty ? "import Undeclared" : "x")
    """
  static let raw = #"import Undeclared "# + ##"""
    import Undeclared """# still inside
    """##
  static func value(import label: Int) -> Int { label }
}
