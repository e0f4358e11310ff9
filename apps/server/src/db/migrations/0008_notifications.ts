// Notifications (issue 7): custom data sources and their forwarding token, the forwarded phone
// notifications kept because they matched a notification view, browsers subscribed to Web Push,
// each view's push throttle, and server secrets (the VAPID key pair).
export default /* sql */ `
-- Custom sources a user turned on or off (wechat, telegram, whatsapp, discord). X is the system
-- source: always on, never stored. No row means off.
CREATE TABLE data_sources (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, source)
);

-- One forwarding token per user, stored as its SHA-256 like sessions; the hint is its first
-- characters, so the user can tell which token a forwarder holds.
CREATE TABLE forward_tokens (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);

-- Only messages that matched one of the user's notification views when they arrived.
CREATE TABLE forwarded_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  app text NOT NULL,
  sender text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  text text NOT NULL DEFAULT '',
  -- When the notification was shown on the phone (unix seconds), like posts.ct.
  ct bigint NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX forwarded_messages_by_user_time ON forwarded_messages (user_id, ct DESC, id DESC);

-- Browsers that allowed notifications. An endpoint belongs to one browser profile, so it moves
-- to whichever account subscribed it last.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- The language the notification texts are written in.
  lang text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL,
  last_success_at timestamptz
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);

-- Per notification view: matches not yet pushed (the update frequency allows one push per
-- period) and the newest of them, which the next push shows.
CREATE TABLE notification_push_state (
  view_id bigint PRIMARY KEY REFERENCES views (id) ON DELETE CASCADE,
  pending integer NOT NULL DEFAULT 0,
  pending_title text NOT NULL DEFAULT '',
  pending_body text NOT NULL DEFAULT '',
  last_push_at timestamptz
);
CREATE INDEX notification_push_state_pending ON notification_push_state (view_id) WHERE pending > 0;

-- Secrets the server makes once and every process shares (the VAPID key pair).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);
`;
