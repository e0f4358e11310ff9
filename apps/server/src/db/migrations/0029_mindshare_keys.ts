// Mindshare (issue 33 §2): the opinion family counts each post also under `#any` and its
// sectors' keys (db/rollups/sectors.ts), and its report tables keep UTC-day rows beside the 1- and
// 30-minute ones (a month over every coin by the day), so the rollups were applied again here.
// 0030 now does all this did (db/rollups/index.ts): a new database must not apply the families
// before the schema they read exists.
export default /* sql */ `
-- The rollups: applied by 0030_event_views_bounded.
`;
