/**
 * What the opinion arguments (services/arguments) need of the database beyond the feed query:
 * the earliest post time the report's rollups count right now. Below it a post is not (yet)
 * counted: the rollups' recount after an upgrade has not reached it (rollups/recount.ts), or an
 * event view's history count has not (its watermark, services/event-history.ts).
 */
import type { Queryable } from '../db';
import { notACopy } from '../rollups/shared';

export function argumentsRepo(db: Queryable) {
  return {
    /** The lowest ct counted for this view (an event view's id, or none for a coin view); 0 when every post is. */
    async countedFrom(eventViewId?: number): Promise<number> {
      const [row] = await db.query<{ recount: number | null; watermark: number | null }>(
        `SELECT (SELECT counted_from FROM rollup_recount) AS recount,
                (SELECT history_watermark FROM event_views WHERE view_id = $1) AS watermark`,
        [eventViewId ?? null],
      );
      return Math.max(0, Number(row?.recount ?? 0), Number(row?.watermark ?? 0));
    },

    /** Which of these posts still count (stored, not a copy), with what their stance is read from. */
    async stillCounted(
      ids: string[],
    ): Promise<{ id: string; coins: string[]; coin_stances: number[] | null; sentiment: number }[]> {
      if (ids.length === 0) return [];
      return db.query(
        `SELECT p.id, p.coins, p.coin_stances, p.sentiment FROM posts p WHERE p.id = ANY($1::text[]) AND ${notACopy('p')}`,
        [ids],
      );
    },
  };
}
