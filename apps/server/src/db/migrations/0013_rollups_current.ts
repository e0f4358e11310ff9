// The rollups as they are now are applied by 0019_persons (db/rollups/index.ts: a migration that
// re-applies the families makes the one before it a no-op, so a new database never applies them
// before the columns they read exist). Earlier migrations (0005, 0006, 0007, 0009, 0010, 0012)
// keep only what 0019 does not re-create.
export default '-- applied by 0019_persons';
