// KOL track records (issue 16 §3), kept incrementally by services/track-record. track_calls holds
// each call (an author's first bullish or bearish post on a coin in 7 days) with its entry and
// its raw and excess returns per horizon (arrays in TRACK_HORIZONS order, NULL while unknown).
// track_stats holds per (author, coin or '' for all coins, horizon) the counts, medians and the
// Wilson lower bound; sort_low is that bound, or -1 below TRACK_MIN_CALLS resolved calls, so the
// leaderboard order (bound desc, then calls desc, then account id) is one index.
export default /* sql */ `
CREATE TABLE track_calls (
  post_id text NOT NULL,
  coin text NOT NULL,
  author_id text NOT NULL,
  ct bigint NOT NULL,
  stance smallint NOT NULL CHECK (stance IN (-1, 1)),
  entry_ct bigint,
  entry_price double precision,
  raw double precision[] NOT NULL,
  excess double precision[] NOT NULL,
  PRIMARY KEY (post_id, coin)
);
CREATE INDEX track_calls_by_author ON track_calls (author_id, ct DESC, post_id DESC, coin);
CREATE INDEX track_calls_by_chain ON track_calls (author_id, coin, ct);
CREATE INDEX track_calls_by_time ON track_calls (ct);
CREATE INDEX track_calls_by_entry ON track_calls (entry_ct);
CREATE TABLE track_stats (
  author_id text NOT NULL,
  coin text NOT NULL,
  horizon text NOT NULL,
  calls integer NOT NULL,
  pending integer NOT NULL,
  hits integer NOT NULL,
  raw_hits integer NOT NULL,
  hit_rate_low double precision,
  sort_low double precision NOT NULL,
  median_excess double precision,
  median_raw double precision,
  best_post_id text,
  best_coin text,
  worst_post_id text,
  worst_coin text,
  PRIMARY KEY (author_id, coin, horizon)
);
CREATE INDEX track_stats_board ON track_stats (coin, horizon, sort_low DESC, calls DESC, author_id);

-- A database that already held posts when this migration ran needs its records derived once:
-- the collecting process does it in the background and clears the flag (track-record/store.ts).
CREATE TABLE track_rebuild (id smallint PRIMARY KEY CHECK (id = 1), needed boolean NOT NULL);
INSERT INTO track_rebuild SELECT 1, EXISTS (SELECT 1 FROM posts);
`;
