// Accounts, sessions, e-mailed verification codes, rate-limit windows and accepted inner codes.
export default /* sql */ `
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  icon text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  invite_code text NOT NULL UNIQUE,
  source_id text NOT NULL DEFAULT 'email',
  source_invite_code text NOT NULL DEFAULT '',
  source_invite_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Only a hash of each session token is stored: a leaked table does not sign anyone in.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE email_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset', 'login')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX email_codes_latest ON email_codes (email, purpose, created_at DESC);

-- One row per limited attempt, shared by every API process (so limits hold behind a load
-- balancer); counted over a sliding window, so no burst slips through at a window boundary.
CREATE TABLE rate_limit_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_by_key ON rate_limit_hits (key, at);

CREATE TABLE inner_codes (
  code text PRIMARY KEY,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
`;
