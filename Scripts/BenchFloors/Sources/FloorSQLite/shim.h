// The system's SQLite for the floors (libsqlite3-dev), bound as the workspace's CSQLite binds it.
#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: as CSQLite's wrapper, no checkpoint when
/// the connection closes (the store's connections skip it too).
static inline int floor_disable_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
