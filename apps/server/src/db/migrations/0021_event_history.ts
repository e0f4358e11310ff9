// Event views count their history in the background (issue 18 §3; services/event-history.ts).
// event_views gains its watermark columns (db/rollups/opinion.ts says what they mean), and every
// view saved before this version starts its count again (its patterns keep no LIKE pre-filter,
// '%' lets every text through to the regex): its stored counts came from a window
// counted once at save time, the new ones are exact to the watermark rule. 37 days is the
// window the service counts back (the longest report period and a week), as of this version.
// The rollups (with the triggers that keep to the watermark) were applied again here; 0029 now
// does all this did (db/rollups/index.ts), 0019 before it.

export default /* sql */ `
ALTER TABLE IF EXISTS event_views ADD COLUMN IF NOT EXISTS history_from bigint NOT NULL DEFAULT 0;
ALTER TABLE IF EXISTS event_views ADD COLUMN IF NOT EXISTS history_top bigint NOT NULL DEFAULT 0;
ALTER TABLE IF EXISTS event_views ADD COLUMN IF NOT EXISTS history_watermark bigint NOT NULL DEFAULT 0;
ALTER TABLE IF EXISTS event_patterns ADD COLUMN IF NOT EXISTS prefilter text[] NOT NULL DEFAULT '{%}';
DO $$
BEGIN
  IF to_regclass('event_views') IS NOT NULL THEN
    UPDATE event_views SET history_top = extract(epoch FROM now())::bigint,
      history_from = extract(epoch FROM now())::bigint - 37 * 86400,
      history_watermark = 9223372036854775807;
  END IF;
END $$;

-- The rollups: applied by 0029_mindshare_keys.
`;
