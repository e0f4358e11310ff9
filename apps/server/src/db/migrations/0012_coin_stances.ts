// Per-coin stance (issue 14 §4): "$BTC looks weak here but $SOL is ripping" counts as bearish in
// BTC's opinion report and bullish in SOL's. posts.coin_stances is parallel to posts.coins (same
// order, -1/0/1); an empty array means every coin has the post's label, and NULL (rows stored
// before this migration) means the same. Readers take coalesce(stance, sentiment) over
// unnest(coins, coin_stances), which pads the shorter array with NULL.
//
// The coin rollups count each coin by its stance.
// rollup tables, functions and triggers: see db/rollups/ (applied by 0013).
export default /* sql */ `
ALTER TABLE posts ADD COLUMN coin_stances smallint[];
`;
