/// Text for machines that reads like words: SQL, environment variables, time zones.
func open(database: Database, environment: [String: String]) throws {
  try database.execute("PRAGMA journal_mode=WAL")
  try database.execute("BEGIN IMMEDIATE")
  try database.execute("SELECT key, value FROM entities WHERE collection = ? ORDER BY rowid")
  try database.execute(
    """
    CREATE TABLE entities(
      collection TEXT NOT NULL,
      key TEXT NOT NULL
    )
    """)
  try database.execute("COMMIT")
  let home = environment["HOME"] ?? "/"
  let zone = TimeZone(identifier: "UTC")
  let heading = "EXIT CODES"  // finding
  let label = "DEEP LINK:"  // finding
  let shout = "WARNING:"  // finding
  let sentence = "Select a supply to consume"  // finding
}
