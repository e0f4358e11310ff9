// Mindshare (issue 33 §2): the opinion family counts each post also under `#any` and its
// sectors' keys (db/rollups/sectors.ts), and its report tables keep UTC-day rows beside the 1- and
// 30-minute ones (a month over every coin by the day), so the rollups are applied again. Since
// 0027 the recount is not done inside the migration: it sets a cursor, and every process walks the
// stored posts down from the newest while the app serves (db/rollups/recount.ts,
// services/rollup-recount.ts), with its progress in the log and /healthz; the posts triggers count
// only rows at or above the cursor. A new database has no posts and starts no recount.
import { rollupsSql } from '../rollups/index';

export default /* sql */ `
${rollupsSql()}
`;
