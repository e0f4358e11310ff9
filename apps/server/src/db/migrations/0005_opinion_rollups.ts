// Opinion rollups (bullish/neutral/bearish counts per coin, KOL group and event view).
// rollup tables, functions and triggers: see db/rollups/ (applied by 0013).
export default '';
