#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: one fixed-argument wrapper per option used.
/// Skips the checkpoint SQLite runs when the last connection closes (the WAL is checkpointed as it grows).
static inline int csqlite_disable_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// `sqlite3_config` is variadic too. Gives SQLite no page-cache memory up front: by default each
/// connection's cache claims room for 20 pages (some 90 KB) at its first read and writes into every
/// one of them, a fresh page of memory each, where a command reads a few pages. Pages are then
/// allocated one by one as they are read. Takes effect only before SQLite is initialized (the first
/// open); later it returns SQLITE_MISUSE and changes nothing.
static inline int csqlite_allocate_pages_on_demand(void) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
