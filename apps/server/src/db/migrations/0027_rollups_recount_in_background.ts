// The rollups are applied again, and recounted in the background instead of inside this
// transaction (issue 32 §3): at ten million posts the recount of 0022 kept the server from
// starting for minutes. Every posts trigger now counts only rows at or above the recount's cursor
// (db/rollups/recount.ts), and services/rollup-recount.ts walks the stored posts down from the
// newest while the app serves, with its progress in the log and /healthz. A new database has no
// posts and starts no recount.
import { rollupsSql } from '../rollups/index';

export default /* sql */ `
${rollupsSql()}
`;
