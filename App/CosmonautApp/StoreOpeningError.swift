import AppAnalytics
import Foundation
import Persistence

/// The app's database cannot be opened: one line saying why and what to do.
struct StoreOpeningError: ReportableError {
  let error: any Error
  let file: URL

  init(_ error: any Error, file: URL) {
    self.error = error
    self.file = file
  }

  var kind: ErrorKind { .internal }

  var userMessage: String {
    let fix = "move it away to start afresh, or pass --data-dir DIR"
    switch error as? PersistenceError {
    case .sqlite(let code, _) where code == 26 || code == 11:  // SQLITE_NOTADB, SQLITE_CORRUPT
      return "the database \(file.path) is damaged or not a cosmonaut database; \(fix)"
    case .schemaTooNew(let found, let supported):
      return "the database \(file.path) was written by a newer cosmonaut (schema \(found), this one knows "
        + "\(supported)); update cosmonaut or pass --data-dir DIR"
    default:
      return "cannot open the database \(file.path): \(error); check the file or \(fix)"
    }
  }
}
