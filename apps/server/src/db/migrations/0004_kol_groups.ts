// KOL groups (who counts as a KOL for a user) and the review queue of missing-KOL submissions.
export default /* sql */ `
CREATE TABLE kol_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Follower range of tracked accounts; 0 as max is unlimited.
  fans_min bigint NOT NULL DEFAULT 0,
  fans_max bigint NOT NULL DEFAULT 0,
  -- false: the range is not used, members are the whitelist only (Special Focus).
  use_fans boolean NOT NULL DEFAULT true,
  -- The message key of a default group ('' for the user's own): defaults cannot be removed.
  default_key text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX kol_groups_by_user ON kol_groups (user_id, id);

CREATE TABLE kol_group_accounts (
  group_id bigint NOT NULL REFERENCES kol_groups (id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES x_accounts (id),
  list text NOT NULL CHECK (list IN ('white', 'black')),
  PRIMARY KEY (group_id, account_id)
);

-- Membership pages walk tracked accounts by followers; counts use the same index.
CREATE INDEX x_accounts_tracked_by_followers ON x_accounts (followers_count DESC, id DESC) WHERE tracked;

CREATE TABLE kol_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL
);
-- One pending submission per handle and user: submitting twice changes nothing.
CREATE UNIQUE INDEX kol_submissions_pending ON kol_submissions (lower(username), user_id) WHERE status = 'pending';

ALTER TABLE users ADD COLUMN kol_groups_seeded boolean NOT NULL DEFAULT false;
`;
