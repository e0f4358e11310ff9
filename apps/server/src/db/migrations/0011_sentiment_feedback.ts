// Which model read each post, and users' corrections of how it reads (issue 14 §3).
//
// posts.sentiment_model names the classifier that wrote posts.sentiment ('rules-1',
// 'model-<version>', 'openai:<name>'); '' for posts stored before this migration. `kolscope
// reclassify` and a correction's record of "which model was wrong" both read it.
//
// sentiment_feedback holds one label per (user, post); the same user correcting again replaces
// it. sentiment_feedback_posts sums the labels per post for the administrators' list; a trigger
// keeps it, so the sums are exact under concurrent corrections (each change is an atomic
// increment of one row).
export default /* sql */ `
ALTER TABLE posts ADD COLUMN sentiment_model text NOT NULL DEFAULT '';

CREATE TABLE sentiment_feedback (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id text NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  -- 1 bullish, 0 neutral, -1 bearish, as posts.sentiment.
  label smallint NOT NULL CHECK (label BETWEEN -1 AND 1),
  -- The model that had read the post, and its label, when the user corrected it.
  model text NOT NULL,
  model_label smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX sentiment_feedback_by_post ON sentiment_feedback (post_id);
CREATE INDEX sentiment_feedback_by_user_time ON sentiment_feedback (user_id, updated_at);

-- No foreign key to posts: a deleted post's corrections go by cascade, and the trigger below takes
-- their counts away, dropping the row when they reach 0.
CREATE TABLE sentiment_feedback_posts (
  post_id text PRIMARY KEY,
  bullish integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  bearish integer NOT NULL DEFAULT 0,
  last_label smallint NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sentiment_feedback_posts_by_time ON sentiment_feedback_posts (updated_at DESC, post_id DESC);

CREATE FUNCTION sentiment_feedback_count(p_post text, p_label smallint, p_delta integer, p_at timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO sentiment_feedback_posts AS t (post_id, bullish, neutral, bearish, last_label, updated_at)
  VALUES (p_post, CASE WHEN p_label = 1 THEN p_delta ELSE 0 END, CASE WHEN p_label = 0 THEN p_delta ELSE 0 END,
          CASE WHEN p_label = -1 THEN p_delta ELSE 0 END, p_label, p_at)
  ON CONFLICT (post_id) DO UPDATE SET
    bullish = t.bullish + EXCLUDED.bullish,
    neutral = t.neutral + EXCLUDED.neutral,
    bearish = t.bearish + EXCLUDED.bearish,
    last_label = CASE WHEN p_delta > 0 THEN EXCLUDED.last_label ELSE t.last_label END,
    updated_at = CASE WHEN p_delta > 0 THEN GREATEST(t.updated_at, EXCLUDED.updated_at) ELSE t.updated_at END;
$$;

CREATE FUNCTION sentiment_feedback_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sentiment_feedback_count(OLD.post_id, OLD.label, -1, OLD.updated_at);
    -- A post nobody corrects any more leaves the list.
    DELETE FROM sentiment_feedback_posts WHERE post_id = OLD.post_id AND bullish + neutral + bearish = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sentiment_feedback_count(NEW.post_id, NEW.label, 1, NEW.updated_at);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sentiment_feedback_counts AFTER INSERT OR UPDATE OR DELETE ON sentiment_feedback
  FOR EACH ROW EXECUTE FUNCTION sentiment_feedback_trigger();
`;
