#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: one fixed-argument wrapper per option used.
/// Skips the checkpoint SQLite runs when the last connection closes (the WAL is checkpointed as it grows).
static inline int csqlite_disable_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
