/**
 * Mindshare's reads (services/mindshare.ts): posts per key (a coin, `#any`, `#sector:<id>`;
 * db/rollups/sectors.ts) and bucket, from the coin rollups the opinion reports read. Each key is
 * an index range of the rollup's primary key (coin, res, bucket...), so a read costs the keys
 * asked times the window's half-hours, whatever the number of posts.
 */
import type { Queryable } from '../db';
import { type GroupRule, memberCondition } from './kol-groups';
import { type BucketWindow, builder, resolutionFor } from './opinion';

export interface KeyCount {
  key: string;
  bucket: number;
  posts: number;
}

const toCounts = (rows: Record<string, unknown>[]): KeyCount[] =>
  rows.map((r) => ({ key: String(r.key), bucket: Number(r.bucket), posts: Number(r.posts) }));

export function mindshareRepo(db: Queryable) {
  return {
    /** Posts per key and bucket of every author, or of a group whose rollup is kept (opinionRepo.useGroup). */
    async counts(keys: string[], w: BucketWindow, groupId?: number): Promise<KeyCount[]> {
      const { params, param, bucketOf } = builder(w);
      const table = groupId === undefined ? 'opinion_counts' : 'group_opinion_counts';
      const group = groupId === undefined ? '' : `group_id = ${param(groupId)} AND `;
      const rows = await db.query<Record<string, unknown>>(
        `SELECT coin AS key, ${bucketOf('bucket')} AS bucket, sum(up + neutral + down) AS posts
         FROM ${table}
         WHERE ${group}coin = ANY(${param(keys)}::text[]) AND res = ${param(resolutionFor(w))}
           AND bucket >= ${param(w.from)} AND bucket < ${param(w.to)}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },

    /**
     * The same for a group without a rollup of its own: its members' per-author minute rows, under
     * the rule the group rollups are kept by (as opinionRepo.coinOfMembers does for one coin).
     */
    async countsOfMembers(keys: string[], w: BucketWindow, rule: GroupRule): Promise<KeyCount[]> {
      const { params, param, bucketOf } = builder(w);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT c.coin AS key, ${bucketOf('c.bucket')} AS bucket, sum(c.up + c.neutral + c.down) AS posts
         FROM opinion_author_counts c JOIN x_accounts a ON a.id = c.author_id
         WHERE c.coin = ANY(${param(keys)}::text[]) AND c.bucket >= ${param(w.from)} AND c.bucket < ${param(w.to)}
           AND ${memberCondition(rule, param)}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },
  };
}
