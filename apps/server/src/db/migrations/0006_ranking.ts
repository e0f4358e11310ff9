// Hot-coin ranking rollups (services/ranking/README.md).
// rollup tables, functions and triggers: see db/rollups/ (applied by 0013).
export default /* sql */ `
-- The author as the post was last written, which the ranking rollups count (db/rollups/ranking.ts
-- keeps it on every write).
ALTER TABLE posts ADD COLUMN author_followers bigint NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN author_verified boolean NOT NULL DEFAULT false;

UPDATE posts p SET author_followers = a.followers_count,
                   author_verified = a.is_blue_verified OR a.verified_type <> 'none'
FROM x_accounts a WHERE a.id = p.author_id;
`;
