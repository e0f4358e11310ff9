// The rollups were applied again here when their recount moved to the background (issue 32 §3:
// at ten million posts the recount inside the migration kept the server from starting for
// minutes). 0029 now does all this did (db/rollups/index.ts): a new database must not apply the
// families before the schema they read exists.
export default /* sql */ `
-- The rollups: applied by 0029_mindshare_keys.
`;
