// Collected X accounts and posts, with their enrichment, and the durable state of each source.
export default /* sql */ `
CREATE TABLE x_accounts (
  id text PRIMARY KEY,
  username text NOT NULL,
  name text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  followers_count bigint NOT NULL DEFAULT 0,
  is_blue_verified boolean NOT NULL DEFAULT false,
  verified_type text NOT NULL DEFAULT 'none',
  -- Tracked accounts are the KOLs whose timelines the sources follow.
  tracked boolean NOT NULL DEFAULT true,
  -- The collector source that first brought the account in.
  source text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Not unique: a handle can move between accounts over time; ids are the identity.
CREATE INDEX x_accounts_by_username ON x_accounts (lower(username));
CREATE INDEX x_accounts_by_followers ON x_accounts (followers_count DESC, id);

CREATE TABLE posts (
  id text PRIMARY KEY,
  -- Ingestion order: cheap "what arrived since" questions and statistics.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  author_id text NOT NULL REFERENCES x_accounts (id),
  text text NOT NULL,
  ct bigint NOT NULL,
  lang text NOT NULL DEFAULT '',
  medias jsonb NOT NULL DEFAULT '[]',
  like_count bigint NOT NULL DEFAULT 0,
  retweet_count bigint NOT NULL DEFAULT 0,
  reply_count bigint NOT NULL DEFAULT 0,
  quote_count bigint NOT NULL DEFAULT 0,
  impression_count bigint NOT NULL DEFAULT 0,
  metrics_updated_at timestamptz NOT NULL,
  -- Coin symbols (no $), most prominent first.
  coins text[] NOT NULL DEFAULT '{}',
  -- Category ids: each primary ('defi') and each primary/secondary ('defi/lending') assigned.
  categories text[] NOT NULL DEFAULT '{}',
  -- 1 bullish, 0 neutral, -1 bearish; the score and the cues that decided it.
  sentiment smallint NOT NULL DEFAULT 0,
  sentiment_score real NOT NULL DEFAULT 0,
  sentiment_cues text[] NOT NULL DEFAULT '{}',
  source text NOT NULL,
  ingested_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX posts_by_seq ON posts (seq);
CREATE INDEX posts_by_time ON posts (ct DESC, id DESC);
CREATE INDEX posts_by_author ON posts (author_id, ct DESC);
CREATE INDEX posts_by_coin ON posts USING gin (coins);
CREATE INDEX posts_by_category ON posts USING gin (categories);

CREATE TABLE source_state (
  name text PRIMARY KEY,
  cursor text,
  posts_count bigint NOT NULL DEFAULT 0,
  rejected_count bigint NOT NULL DEFAULT 0,
  error_count bigint NOT NULL DEFAULT 0,
  last_error text NOT NULL DEFAULT '',
  last_error_at timestamptz,
  last_success_at timestamptz,
  -- One worker at a time runs a source: it holds the lease and renews it every batch.
  lease_owner text NOT NULL DEFAULT '',
  lease_until timestamptz,
  updated_at timestamptz NOT NULL
);
`;
