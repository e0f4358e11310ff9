// The distinct-author indicators of past ranking windows, as they were when each window was the
// current one. newCoinEntry and fastestRising compare a ranking with the window just before it,
// which ended a whole range ago: the latest-post histogram of migration 0007 only answers windows
// ending now, and counting an old window's (coin, author) pairs takes about a second at ten
// million posts. So each minute's current window is written down (db/repos/ranking.ts,
// services/ranking/windows.ts) and the previous window is read back. Decision: a ranking is
// compared with what the previous window counted when it closed; a post that arrived later for it
// is not counted there. These tables are written by the service, not derived: the ranking rollup
// tables, functions and triggers are in db/rollups/ (applied by 0013).
export default /* sql */ `
CREATE TABLE ranking_author_windows (
  range_seconds integer NOT NULL,
  window_end bigint NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (range_seconds, window_end)
);

CREATE TABLE ranking_author_window_counts (
  range_seconds integer NOT NULL,
  window_end bigint NOT NULL,
  coin text NOT NULL,
  kols integer NOT NULL,
  verified_kols integer NOT NULL,
  kol_score double precision NOT NULL,
  PRIMARY KEY (range_seconds, window_end, coin),
  FOREIGN KEY (range_seconds, window_end) REFERENCES ranking_author_windows ON DELETE CASCADE
);
`;
