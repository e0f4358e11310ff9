/**
 * Administrator statistics (admin/stat, admin/from_acnt_list), from the rollups of migration
 * 0009. Meanings, per bucket of posts' time (ct), aligned in UTC:
 *   count_tweet           posts collected
 *   count_category_tweet  posts per primary category (one series per category; a post with two
 *                         primaries counts in both, one without a category in none)
 *   count_account         distinct accounts that posted
 *   count_crypto_account  distinct accounts that posted about at least one coin
 *   count_interaction     likes + replies + retweets + quotes of those posts, as last collected
 * A source ("from account") is the collector that first stored a post: demo, x-api, rss, push.
 */
import {
  type Language,
  STAT_INTERVALS_BY_PERIOD,
  type StatInterval,
  type StatPeriod,
  type StatType,
  translate,
} from '@kolscope/contract';
import type { Db } from '../db/db';
import { type StatColumn, statisticsRepo } from '../db/repos/statistics';
import { TAXONOMY, categoryName } from '../domain/taxonomy';
import { type Clock, epochSeconds } from '../domain/clock';
import { sourceStateRepo } from '../db/repos/source-state';
import { isFailing } from '../pipeline/source-health';
import { badRequest } from './errors';
import { alignedWindow, markPartial } from './opinion-window';

export interface StatTable {
  tableName: string;
  tableList: { ct: number; cnt: number; partial?: boolean; elapsed?: number }[];
}

export interface StatQuery {
  statType: StatType;
  fromAcntName: string;
  period: StatPeriod;
  interval: StatInterval;
}

const COLUMN: Record<Exclude<StatType, 'count_category_tweet'>, StatColumn> = {
  count_tweet: 'posts',
  count_account: 'authors',
  count_crypto_account: 'crypto_authors',
  count_interaction: 'interactions',
};

/** Every bucket start with its count; buckets without a row are 0. */
export function fillBuckets(buckets: readonly number[], rows: { bucket: number; cnt: number }[]) {
  const byBucket = new Map(rows.map((r) => [r.bucket, r.cnt]));
  return buckets.map((ct) => ({ ct, cnt: byBucket.get(ct) ?? 0 }));
}

const total = (t: StatTable) => t.tableList.reduce((sum, b) => sum + b.cnt, 0);

export function statistics(deps: { db: Db; clock: Clock }) {
  // Counts of stored posts only: read on the replica when there is one.
  const repo = () => statisticsRepo(deps.db.read);
  return {
    async stat(q: StatQuery, lang: Language): Promise<StatTable[]> {
      const allowed = STAT_INTERVALS_BY_PERIOD[q.period];
      if (!allowed.includes(q.interval)) {
        throw badRequest('stat_interval_not_allowed', {
          period: q.period,
          interval: q.interval,
          allowed: allowed.join(', '),
        });
      }
      const source = q.fromAcntName.trim();
      if (source !== '' && !(await repo().sourceExists(source)))
        throw badRequest('stat_source_unknown', { name: source });
      const now = epochSeconds(deps.clock.now());
      const w = alignedWindow(q.period, q.interval, now);
      const fill = (rows: { bucket: number; cnt: number }[]) => markPartial(fillBuckets(w.buckets, rows), w, now);
      const range = { res: w.intervalS, source, from: w.from, to: w.to };

      if (q.statType !== 'count_category_tweet') {
        const rows = await repo().counts(COLUMN[q.statType], range);
        return [{ tableName: translate(lang, `stat_table_${q.statType}`), tableList: fill(rows) }];
      }

      const rows = await repo().categoryCounts(range);
      // Every primary of the taxonomy, so the list of series does not change with the data;
      // an id the taxonomy no longer knows still shows, under its id.
      const ids = [...new Set([...TAXONOMY.map((p) => p.id), ...rows.map((r) => r.category)])];
      const tables = ids.map((id) => ({
        tableName: categoryName(id, lang) ?? id,
        tableList: fill(rows.filter((r) => r.category === id)),
      }));
      // The busiest categories first; equal totals keep the taxonomy's order (sort is stable).
      return tables
        .map((t) => ({ t, n: total(t) }))
        .sort((a, b) => b.n - a.n)
        .map(({ t }) => t);
    },

    /** admin/source_health: each source that has run, failing or not (pipeline/source-health.ts). */
    async sourceHealth() {
      return (await sourceStateRepo(deps.db).list()).map((s) => ({
        name: s.name,
        state: isFailing(s.failure_streak) ? ('failing' as const) : ('ok' as const),
        failures: s.failure_streak,
        ...(s.last_error ? { error: s.last_error } : {}),
        ...(s.last_error_at ? { errorAt: epochSeconds(s.last_error_at) } : {}),
        ...(s.last_success_at ? { lastSuccessAt: epochSeconds(s.last_success_at) } : {}),
        posts: Number(s.posts_count),
      }));
    },

    /** admin/from_acnt_list: each source with cntAtt, the accounts it has collected posts from. */
    async sources(): Promise<{ name: string; cntAtt: number }[]> {
      return (await repo().sources()).map((s) => ({ name: s.name, cntAtt: s.accounts }));
    },
  };
}
