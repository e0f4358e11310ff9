// Event views bounded (issue 34 §1): the posts trigger now runs each event view's LIKE pre-filter
// before its regex, as the history count did, and the history count serves users in turn, by
// the new event_views.history_turn (db/repos/event-history.ts). The rollups are applied again
// (db/rollups/index.ts); since 0027 their recount runs in the background while the app serves.
// The column comes first: the family's SQL reads it, and event_views is kept across applications
// (on a new database the family creates the table with it).
import { rollupsSql } from '../rollups/index';

export default /* sql */ `
ALTER TABLE IF EXISTS event_views ADD COLUMN IF NOT EXISTS history_turn bigint NOT NULL DEFAULT 0;
${rollupsSql()}
`;
