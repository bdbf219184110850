// The floor of a command that reads the store, and of the size of a program that carries SQLite: the
// hello-world (hello/main.swift, linked as the apps are) that also reads, through the system SQLite
// linked as the apps link it (its archive, in a release build), what `cosmonaut supplies list` reads:
// the inventory row of the store at STORE, opened as the store opens it (write-ahead log kept, no
// checkpoint on close), printed as it is stored. Without STORE it asks an in-memory database for
// SQLite's version instead.
//   usage: hello-sqlite [STORE]
import FloorSQLite
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Says why on standard error and exits 1.
func fail(_ line: String) -> Never {
  let text = "hello-sqlite: \(line)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

struct Greeting: Encodable {
  let text: String
  let count: Int
}

let json = try JSONEncoder().encode(Greeting(text: "hello, world", count: CommandLine.arguments.count))
print(String(decoding: json, as: UTF8.self))

let store = CommandLine.arguments.dropFirst().first
var handle: OpaquePointer?
guard sqlite3_open_v2(store ?? ":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
  let handle
else {
  fail("cannot open \(store ?? ":memory:")")
}
var persist: Int32 = 1
_ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
_ = csqlite_disable_checkpoint_on_close(handle)
sqlite3_busy_timeout(handle, 5000)
let sql =
  store == nil
  ? "SELECT sqlite_version()"
  : "SELECT value FROM entities WHERE collection = 'cosmonaut.supplies' AND key = 'inventory'"
var statement: OpaquePointer?
guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
  fail(String(cString: sqlite3_errmsg(handle)))
}
guard sqlite3_step(statement) == SQLITE_ROW, let bytes = sqlite3_column_blob(statement, 0) else {
  fail("nothing to read in \(store ?? ":memory:")")
}
print(
  String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, 0))), as: UTF8.self))
sqlite3_finalize(statement)
sqlite3_close(handle)
