// One KOL, several networks (issue 17 §2): an account belongs to a person, named by the id of one
// of its accounts (an account alone is its own person). x_accounts.person_followers is the
// person's largest audience, what KOL-group ranges compare; posts.person_id is the author's person
// as the post was last written (the ranking snapshot trigger copies it), what the rollups count
// distinct authors by. The rollups are dropped before the columns are filled (so filling them
// fires nothing) and applied again after (migration 0029 since, db/rollups/index.ts), which recounts
// them by person.
import { families, functionsOf } from '../rollups/index';

const dropRollupFunctions = families
  .flatMap((f) => functionsOf(f.sql))
  .map((f) => `DROP FUNCTION IF EXISTS ${f} CASCADE;`)
  .join('\n');

export default /* sql */ `
${dropRollupFunctions}
ALTER TABLE x_accounts ADD COLUMN person_id text;
ALTER TABLE x_accounts ADD COLUMN person_followers bigint;
UPDATE x_accounts SET person_id = id, person_followers = followers_count;
ALTER TABLE x_accounts ALTER COLUMN person_id SET NOT NULL;
ALTER TABLE x_accounts ALTER COLUMN person_followers SET NOT NULL;
CREATE INDEX x_accounts_by_person ON x_accounts (person_id);
CREATE INDEX x_accounts_tracked_by_person_followers ON x_accounts (person_followers DESC, id DESC) WHERE tracked;
ALTER TABLE posts ADD COLUMN person_id text;
UPDATE posts SET person_id = author_id;
ALTER TABLE posts ALTER COLUMN person_id SET NOT NULL;
CREATE INDEX posts_by_person ON posts (person_id, ct DESC);

-- A new account is its own person; an account whose followers or person change gets its
-- person's largest audience (services/persons.ts then brings the person's other accounts level).
CREATE OR REPLACE FUNCTION x_accounts_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NULL OR NEW.person_id = '' THEN NEW.person_id := NEW.id; END IF;
  IF TG_OP = 'INSERT' OR NEW.followers_count IS DISTINCT FROM OLD.followers_count
     OR NEW.person_id IS DISTINCT FROM OLD.person_id THEN
    NEW.person_followers := greatest(NEW.followers_count, coalesce(
      (SELECT max(s.followers_count) FROM x_accounts s WHERE s.person_id = NEW.person_id AND s.id <> NEW.id), 0));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER x_accounts_person BEFORE INSERT OR UPDATE ON x_accounts
  FOR EACH ROW EXECUTE FUNCTION x_accounts_person();

-- Brings every account of these persons to the person's largest audience; touches only rows
-- that differ, so the account triggers of the rollups move only what changed.
CREATE OR REPLACE FUNCTION person_sync(persons text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE x_accounts a SET person_followers = m.f
  FROM (SELECT person_id, max(followers_count) AS f FROM x_accounts
        WHERE person_id = ANY(persons) GROUP BY person_id) m
  WHERE a.person_id = m.person_id AND a.person_followers IS DISTINCT FROM m.f;
$$;

-- One-sided cross-links (an account names another's profile, which does not name it back): the
-- administrator's "Same person?" queue. A decided one is kept so it is not suggested again.
CREATE TABLE person_link_suggestions (
  claimant_id text NOT NULL REFERENCES x_accounts (id) ON DELETE CASCADE,
  claimed_id text NOT NULL REFERENCES x_accounts (id) ON DELETE CASCADE,
  -- the profile address that named the other account
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'merged', 'dismissed')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (claimant_id, claimed_id)
);
CREATE INDEX person_link_suggestions_pending ON person_link_suggestions (created_at DESC) WHERE status = 'pending';

-- The rollups are applied again, recounted by person, in 0029 (db/rollups/index.ts).
`;
