// Administrator statistics per source and per hour, day and week.
// rollup tables, functions and triggers: see db/rollups/ (applied by 0013).
export default '';
