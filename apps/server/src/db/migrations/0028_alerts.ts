// Opinion alerts (issue 33 §1; services/alerts/README.md): rules on coin and event opinion views,
// the alerts they fired (the notification list reads them), and the last minute evaluated, which
// the one process evaluating a minute claims (alertsRepo.claimMinute).
export default /* sql */ `
CREATE TABLE alert_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  view_id bigint NOT NULL REFERENCES views (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sentiment_swing', 'mention_spike')),
  window_s integer NOT NULL CHECK (window_s IN (3600, 14400, 86400)),
  -- Points of bullish share (swing) or a multiple of the 7-day average (spike).
  threshold double precision NOT NULL,
  min_posts integer NOT NULL,
  -- False from the minute it fired until the move falls back halfway (re-armed).
  armed boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE INDEX alert_rules_by_user ON alert_rules (user_id, id);
CREATE INDEX alert_rules_by_view ON alert_rules (view_id);

CREATE TABLE alert_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rule_id bigint REFERENCES alert_rules (id) ON DELETE SET NULL,
  view_id bigint NOT NULL REFERENCES views (id) ON DELETE CASCADE,
  kind text NOT NULL,
  window_s integer NOT NULL,
  -- The end of the window measured (epoch seconds, a whole minute).
  at bigint NOT NULL,
  -- The coin or the event's name, and the KOL group (its name is told in the reader's language).
  subject text NOT NULL,
  group_id bigint,
  now_up integer NOT NULL, now_neutral integer NOT NULL, now_down integer NOT NULL,
  before_up integer NOT NULL, before_neutral integer NOT NULL, before_down integer NOT NULL,
  baseline double precision NOT NULL DEFAULT 0
);
CREATE INDEX alert_events_by_user ON alert_events (user_id, at DESC, id DESC);
CREATE INDEX alert_events_by_view ON alert_events (view_id, at DESC, id DESC);

CREATE TABLE alert_clock (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  minute bigint NOT NULL
);
INSERT INTO alert_clock (id, minute) VALUES (1, 0);
`;
