// Links and counts as the networks send them (issue 31). `links` holds every link a post carries
// ([{url, text}], text as the network shows it), `card` its link preview ({url, title,
// description, thumb}, NULL for none). `unknown_counts` names the counts its network did not report
// ('like', 'repost', 'reply', 'quote', 'view'): they are stored as 0 so sums keep working, and the
// API leaves them out instead of saying 0. source_state.failure_streak counts a source's requests
// that failed in a row (pipeline/source-health.ts): 3 or more and the source is 'failing'. No table
// rewrite: the defaults are constants.
export default /* sql */ `
ALTER TABLE posts ADD COLUMN IF NOT EXISTS links jsonb NOT NULL DEFAULT '[]';
ALTER TABLE posts ADD COLUMN IF NOT EXISTS card jsonb;
ALTER TABLE posts ADD COLUMN IF NOT EXISTS unknown_counts text[] NOT NULL DEFAULT '{}';
ALTER TABLE source_state ADD COLUMN IF NOT EXISTS failure_streak integer NOT NULL DEFAULT 0;
`;
