// Views: each user's feeds, rankings, reports, notifications and opinion views, and the order of
// the home tabs.
export default /* sql */ `
CREATE TABLE views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  view_type text NOT NULL,
  -- Fixed views come with the account; they cannot be set up, but can be deleted.
  fixed boolean NOT NULL DEFAULT false,
  matching_rules jsonb NOT NULL DEFAULT '[]',
  -- What the view type needs beyond its rules: ranking weights, report periods, notification
  -- sources, the coin and KOL group of an opinion view.
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX views_by_user ON views (user_id, id);

-- The home tab order: view ids and the group ids 'coin_opinion' and 'event_opinion'. Items not
-- in it (created later) follow in creation order.
CREATE TABLE tab_orders (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  ids jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL
);

-- Set once the starter views are made, so deleting all of them does not bring them back.
ALTER TABLE users ADD COLUMN views_seeded boolean NOT NULL DEFAULT false;
`;
