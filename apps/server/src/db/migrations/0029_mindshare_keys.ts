// Mindshare (issue 33 §2): the opinion family counts each post also under `#any` and its
// sectors' keys (db/rollups/sectors.ts), and its report tables keep UTC-day rows beside the 1- and
// 30-minute ones (a month over every coin by the day), so the rollups are applied again and recounted in the
// background (db/rollups/recount.ts), as 0027 does. 0027 is left as it was (migrations already
// run are never edited); on a new database both apply the same SQL over no posts.
import { rollupsSql } from '../rollups/index';

export default /* sql */ `
${rollupsSql()}
`;
