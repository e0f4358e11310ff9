/**
 * Mindshare's keys in the coin rollups (issue 33 §2; services/README.md, "Mindshare"). Besides
 * its coins, the opinion family counts each post under `#any` (it names at least one coin) and
 * under `#sector:<id>` for each sector its coins belong to, once per post whatever the number of
 * coins: so a group's sector share and its denominator are read from the same exact, per-group
 * rollups as a coin's count (opinion_counts, group_opinion_counts, opinion_author_counts), which
 * already follow membership moves and count copies once. Neither key can be a coin: a cashtag
 * has no '#'.
 *
 * The map is domain/coins/sectors.ts, written into the SQL function below as a JSON object: a
 * change of the map is a change of the opinion family (index.ts: a new migration applies it).
 */
import type { MindshareSector } from '@kolscope/contract';
import { SECTOR_PAIRS } from '../../domain/coins/sectors';

/** The key of posts that name at least one coin (the mindshare denominator). */
export const ANY_COIN_KEY = '#any';
/** The key of posts that name at least one coin of `sector`. */
export const sectorKey = (sector: MindshareSector) => `#sector:${sector}`;

const MAP = JSON.stringify(Object.fromEntries(SECTOR_PAIRS));

/**
 * `mindshare_keys(coins)`: the coins, then `#any` and each sector key (first seen first) when
 * there is a coin. PL/pgSQL rather than SQL: the map is a constant the session plans once, and
 * the loop over a post's few coins costs ~15 µs a post against ~65 µs for the same in one SQL
 * statement with unnest and array_agg (measured on the bench corpus, PostgreSQL under load).
 */
export const sectorKeysSql = /* sql */ `
CREATE OR REPLACE FUNCTION mindshare_keys(coins text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  c text;
  k text;
  keys text[] := '{}';
BEGIN
  FOREACH c IN ARRAY coalesce(coins, '{}') LOOP
    CONTINUE WHEN c IS NULL;
    k := '#sector:' || coalesce('${MAP}'::jsonb ->> c, 'other');
    IF NOT (k = ANY (keys)) THEN
      keys := keys || k;
    END IF;
  END LOOP;
  IF cardinality(keys) = 0 THEN
    RETURN coins;
  END IF;
  RETURN coins || '${ANY_COIN_KEY}'::text || keys;
END $$;
`;
