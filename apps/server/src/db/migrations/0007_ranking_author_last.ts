// Distinct-author indicators of the hot-coin ranking for the window that ends now.
// rollup tables, functions and triggers: see db/rollups/ (applied by 0013).
export default '';
