/**
 * Enrichment reads a stance per coin for posts naming several (one extra classifier call per
 * batch), and the store writes them to posts.coin_stances, parallel to posts.coins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createEnricher } from '../../src/pipeline/enrich/index';
import { builtinClassifier } from '../../src/pipeline/enrich/sentiment/classifier';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import type { SentimentClassifier } from '../../src/pipeline/types';
import { rawPost } from '../support/posts';
import { openTestDb } from '../support/test-app';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

/** The built-in classifier, counting its calls. */
function counting() {
  const calls: string[][] = [];
  const classifier: SentimentClassifier = {
    name: 'counting',
    classify: async (texts) => {
      calls.push(texts);
      return builtinClassifier.classify(texts);
    },
  };
  return { classifier, calls };
}

describe('enrichment with per-coin stances', () => {
  it('reads each coin of a post that separates them, in one extra classifier call per batch', async () => {
    const { classifier, calls } = counting();
    const posts = [
      rawPost({ text: '$BTC looks weak here, losing support. But $SOL is ripping, strong breakout' }),
      rawPost({ text: '$ETH dumping hard, ugly. Meanwhile $DOGE mooning 🚀' }),
      rawPost({ text: 'Breakout confirmed on $BTC, next stop 120k 🚀' }),
      rawPost({ text: 'gm, quiet day' }),
    ];
    const out = await createEnricher(classifier).enrich(posts);
    expect(calls.length).toBe(2);
    expect(calls[0]).toEqual(posts.map((p) => p.text));
    expect(out[0]!.coins).toEqual(['BTC', 'SOL']);
    const stance0 = { ...{ BTC: out[0]!.sentiment.label, SOL: out[0]!.sentiment.label }, ...out[0]!.coinStances };
    expect(stance0).toEqual({ BTC: 'bearish', SOL: 'bullish' });
    const stance1 = { ...{ ETH: out[1]!.sentiment.label, DOGE: out[1]!.sentiment.label }, ...out[1]!.coinStances };
    expect(stance1).toEqual({ ETH: 'bearish', DOGE: 'bullish' });
    // One coin, or none: the post's label is the stance, nothing extra is kept.
    expect(out[2]!.coinStances).toEqual({});
    expect(out[3]!.coinStances).toEqual({});

    await saveBatch(
      db,
      { source: 'test', posts, enrichments: out, cursor: null, rejected: 0, now: new Date() },
      storeHooks,
    );
    const rows = await db.query<{ id: string; coins: string[]; coin_stances: number[] | null; sentiment: number }>(
      'SELECT id, coins, coin_stances, sentiment FROM posts WHERE id = ANY($1::text[]) ORDER BY id',
      [posts.map((p) => p.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(posts[0]!.id)!.coin_stances).toEqual([-1, 1]);
    expect(byId.get(posts[1]!.id)!.coin_stances).toEqual([-1, 1]);
    expect(byId.get(posts[2]!.id)!.coin_stances).toEqual([]);
  });

  it('makes no extra call when no post of the batch separates its coins', async () => {
    const { classifier, calls } = counting();
    await createEnricher(classifier).enrich([rawPost({ text: '$BTC and $ETH both pumping 🚀' })]);
    expect(calls.length).toBe(1);
  });
});
