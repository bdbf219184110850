// The EntityStore rows of Scripts/bench and their floors, in one program so both are built alike.
//   usage: store-bench MODE COUNT DIR
//     puts        COUNT EntityStore puts in one transaction
//     floor-puts  the same rows: one prepared INSERT, each row JSON-encoded, in one transaction
//     gets        COUNT EntityStore gets by key, then one `all`
//     floor-gets  one prepared SELECT by key + JSON decode per row, then one SELECT of all + decode
// Prints microseconds per operation.
import CSQLite
import Foundation
import Persistence

struct Row: Codable, Equatable {
  var id: Int
  var name: String
  var category: String
  var quantity: Int
  var unit: String
  var lowStockThreshold: Int
}

func row(_ index: Int) -> Row {
  Row(
    id: index, name: "Supply item \(index)", category: "equipment", quantity: index % 500, unit: "kits",
    lowStockThreshold: 3)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: store-bench puts|floor-puts|gets|floor-gets COUNT DIR\n".utf8))
  exit(64)
}
let mode = arguments[1]
let directory = URL(fileURLWithPath: arguments[3], isDirectory: true)
  .appendingPathComponent(mode.hasPrefix("floor") ? "floor" : "store", isDirectory: true)
let file = directory.appendingPathComponent("bench.sqlite")
let keys = (0..<count).map { "key-\($0)" }

func measure(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
}

/// The raw floor: the store's table and pragmas, statements prepared once, nothing else.
final class RawDatabase {
  let handle: OpaquePointer
  init(path: String) {
    var handle: OpaquePointer?
    sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
    self.handle = handle!
    exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL")
    exec(
      """
      CREATE TABLE IF NOT EXISTS entities(collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
        updated_at REAL NOT NULL, PRIMARY KEY(collection, key))
      """)
  }
  func exec(_ sql: String) { sqlite3_exec(handle, sql, nil, nil, nil) }
  func prepare(_ sql: String) -> OpaquePointer {
    var statement: OpaquePointer?
    sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    return statement!
  }
}

/// `SQLITE_TRANSIENT`: SQLite copies what is bound.
nonisolated(unsafe) let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func bind(_ text: String, _ statement: OpaquePointer, _ index: Int32) {
  var text = text
  _ = text.withUTF8 { sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), transient) }
}

var microseconds = 0.0
switch mode {
case "puts":
  try? FileManager.default.removeItem(at: directory)
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: file))
  let rows = (0..<count).map(row)
  microseconds = try measure {
    try store.transaction { transaction in
      for index in 0..<count { try transaction.put(rows[index], key: keys[index], in: "bench") }
    }
  }
case "floor-puts":
  try? FileManager.default.removeItem(at: directory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let database = RawDatabase(path: file.path)
  let rows = (0..<count).map(row)
  let encoder = JSONEncoder()
  let insert = database.prepare("INSERT INTO entities(collection, key, value, updated_at) VALUES(?, ?, ?, ?)")
  microseconds = try measure {
    database.exec("BEGIN IMMEDIATE")
    for index in 0..<count {
      let data = try encoder.encode(rows[index])
      bind("bench", insert, 1)
      bind(keys[index], insert, 2)
      _ = data.withUnsafeBytes { sqlite3_bind_blob(insert, 3, $0.baseAddress, Int32($0.count), transient) }
      sqlite3_bind_double(insert, 4, Date().timeIntervalSince1970)
      guard sqlite3_step(insert) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(database.handle))) }
      sqlite3_reset(insert)
    }
    database.exec("COMMIT")
  }
case "gets":
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: file))
  microseconds = try measure {
    for key in keys {
      guard try store.get(Row.self, key: key, in: "bench") != nil else { fatalError("missing \(key)") }
    }
    guard try store.all(Row.self, in: "bench").count == count else { fatalError("all") }
  }
case "floor-gets":
  let database = RawDatabase(path: file.path)
  let decoder = JSONDecoder()
  let select = database.prepare("SELECT value FROM entities WHERE collection = ? AND key = ?")
  let all = database.prepare("SELECT key, value FROM entities WHERE collection = ? ORDER BY rowid")
  func value(_ statement: OpaquePointer, _ column: Int32) -> Data {
    Data(bytes: sqlite3_column_blob(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
  }
  microseconds = try measure {
    for key in keys {
      bind("bench", select, 1)
      bind(key, select, 2)
      guard sqlite3_step(select) == SQLITE_ROW else { fatalError("missing \(key)") }
      _ = try decoder.decode(Row.self, from: value(select, 0))
      sqlite3_reset(select)
    }
    bind("bench", all, 1)
    var rows: [(String, Row)] = []
    while sqlite3_step(all) == SQLITE_ROW {
      let key = String(cString: sqlite3_column_text(all, 0))
      rows.append((key, try decoder.decode(Row.self, from: value(all, 1))))
    }
    sqlite3_reset(all)
    guard rows.count == count else { fatalError("all") }
  }
default:
  FileHandle.standardError.write(Data("store-bench: unknown mode \(mode)\n".utf8))
  exit(64)
}
print(String(format: "%.3f", microseconds / Double(count)))
