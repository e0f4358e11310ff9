/**
 * Stored posts' sentiment readings, for `kolscope reclassify` (pipeline/reclassify.ts): walking
 * the posts by id and writing back the readings that changed.
 */
import type { Queryable } from '../db';

export interface StoredText {
  id: string;
  text: string;
  coins: string[];
}

export interface ReadingRow {
  id: string;
  /** The text the reading is of: a post rewritten since is left alone. */
  text: string;
  sentiment: number;
  sentiment_score: number;
  sentiment_cues: string[];
  coin_stances: number[];
  sentiment_model: string;
  sentiment_confidence: number | null;
  sentiment_call: number;
}

export function readingsRepo(db: Queryable) {
  return {
    async countSince(since: number): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE ct >= $1', [since]);
      return row?.n ?? 0;
    },

    /** The next posts after id `after` (by the primary key, so new posts cannot shift the walk). */
    async batchAfter(after: string, since: number, limit: number): Promise<StoredText[]> {
      return db.query<StoredText>('SELECT id, text, coins FROM posts WHERE id > $1 AND ct >= $2 ORDER BY id LIMIT $3', [
        after,
        since,
        limit,
      ]);
    },

    /**
     * A sample of recent original posts for `train-sentiment --teacher`: round robin over authors
     * (at most `perAuthor` each, in a seeded order), in one language group, copies, reposts and
     * quotes left out. A Chinese character says more than a letter: 6 of them are a post, 12
     * letters are.
     */
    sampleSpread(o: { seed: string; since: number; zh: boolean; perAuthor: number; limit: number }) {
      return db.query<{ id: string; text: string }>(
        `SELECT id, text FROM (
           SELECT p.id, p.text, row_number() OVER (PARTITION BY p.person_id ORDER BY md5(p.id || $1)) AS k
           FROM posts p
           WHERE p.ct >= $2 AND p.copy_of IS NULL AND p.ref_kind NOT IN ('repost', 'quote')
             AND length(p.text) >= $6 AND (p.lang LIKE 'zh%') = $3
         ) s WHERE k <= $4 ORDER BY k, md5(id || $1) LIMIT $5`,
        [o.seed, o.since, o.zh, o.perAuthor, o.limit, o.zh ? 6 : 12],
      );
    },

    /**
     * Writes the readings that differ from the stored ones; returns their ids. Compared in SQL,
     * where the stored score is a real: an unchanged row is not written and costs the rollup
     * triggers nothing. The text check skips posts a collector rewrote meanwhile (it stored the
     * current classifier's reading of the new text already).
     */
    async writeChanged(rows: ReadingRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const written = await db.query<{ id: string }>(
        `UPDATE posts p SET sentiment = r.sentiment, sentiment_score = r.sentiment_score, sentiment_cues = r.cues,
                coin_stances = r.stances, sentiment_model = r.sentiment_model,
                sentiment_confidence = r.sentiment_confidence, sentiment_call = r.sentiment_call
         FROM (SELECT x.id, x.text, x.sentiment, x.sentiment_score, x.sentiment_model, x.sentiment_confidence, x.sentiment_call,
                      ARRAY(SELECT jsonb_array_elements_text(x.sentiment_cues)) AS cues,
                      ARRAY(SELECT jsonb_array_elements_text(x.coin_stances)::smallint) AS stances
               FROM jsonb_to_recordset($1::jsonb) AS x(id text, text text, sentiment smallint, sentiment_score real,
                    sentiment_cues jsonb, coin_stances jsonb, sentiment_model text, sentiment_confidence real,
                    sentiment_call smallint)) r
         WHERE p.id = r.id AND p.text = r.text
           AND (p.sentiment, p.sentiment_score, p.sentiment_cues, p.coin_stances, p.sentiment_model,
                p.sentiment_confidence, p.sentiment_call)
               IS DISTINCT FROM (r.sentiment, r.sentiment_score, r.cues, r.stances, r.sentiment_model,
                r.sentiment_confidence, r.sentiment_call)
         RETURNING p.id`,
        [JSON.stringify(rows)],
      );
      return written.map((r) => r.id);
    },
  };
}
