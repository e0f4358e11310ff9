// The price worker's checkpoint (issue 16 §1), like source_state for the post sources: per price
// source, coin and candle interval, the open-time span already stored ([covered_from,
// covered_to), unix seconds), so a restart resumes where it stopped and a history that grows
// backward (older posts arriving) is backfilled too. Counts and the last error feed
// `kolscope prices`.
export default /* sql */ `
CREATE TABLE price_state (
  source text NOT NULL,
  coin text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('5m', '1h')),
  covered_from bigint,
  covered_to bigint,
  candles_count bigint NOT NULL DEFAULT 0,
  error_count bigint NOT NULL DEFAULT 0,
  last_error text NOT NULL DEFAULT '',
  last_error_at timestamptz,
  last_success_at timestamptz,
  PRIMARY KEY (source, coin, interval)
);
`;
