// Opinion reports and the hot-coin ranking count a copy-paste cluster once (issue 17 §3,
// services/README.md "Near-duplicates"): the rollups were applied again here with triggers that
// skip copies (posts.copy_of set) and move a cluster's count when a repoint changes its leader,
// and recounted; 0029 now does all this did (db/rollups/index.ts).
// Event views need no restart of their history count: event_counts holds exactly the posts at
// or above each view's watermark, and the recount gives those back under the new rule; the
// background count goes on below the watermark under it too (db/repos/event-history.ts).
// The ranking's past windows as written down when they closed (migration 0010) counted copies:
// they are forgotten, so a ranking compared with its previous window counts that one again from
// the rollups (services/ranking/author-windows.ts previous) under the same rule as its own.
export default /* sql */ `
-- The rollups: applied by 0029_mindshare_keys.
DELETE FROM ranking_author_windows;
`;
