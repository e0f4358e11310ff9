/**
 * Near-duplicates fold at ingest (issue 17 §3): the same sentence from several accounts within
 * COPY_WINDOW_SECONDS becomes copies of the earliest post, across batches and within one; an
 * account reposting its own text, a post outside the window, a different text and the same
 * sentence about another coin or with another number stay originals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { COPY_WINDOW_SECONDS } from '../../src/pipeline/copies';
import { storeAs } from './support';
import { closeTestDb, openMigratedDb } from '../support/test-app';

const PROMO = 'Funding on $BTC still negative while price grinds up, shorts are trapped. Longing with 50x';
const T0 = 1_764_000_000;

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await openMigratedDb()));
afterAll(() => closeTestDb(db, drop));

async function copyOf(ids: string[]): Promise<Record<string, string | null>> {
  const rows = await db.query<{ id: string; copy_of: string | null }>(
    'SELECT id, copy_of FROM posts WHERE id = ANY($1::text[])',
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.copy_of]));
}

describe('folding copies at ingest', () => {
  it('makes later copies by other accounts point at the earliest post, across batches', async () => {
    await storeAs(db, [{ id: 'a1', author: 'alpha', text: PROMO, ct: T0 }]);
    await storeAs(db, [
      { id: 'a2', author: 'bravo', text: `${PROMO} 🚀`, ct: T0 + 60 },
      { id: 'a3', author: 'charlie', text: `@whale_alerts ${PROMO.toUpperCase()}`, ct: T0 + 300 },
      // The same account again: its own repost, not a copy by others.
      { id: 'a4', author: 'alpha', text: PROMO, ct: T0 + 400 },
      // Too late for every leader (a1, and alpha's own repost a4): a new wave, not a copy.
      { id: 'a5', author: 'delta', text: PROMO, ct: T0 + 400 + COPY_WINDOW_SECONDS + 1 },
      {
        id: 'a6',
        author: 'echo',
        text: 'Funding on $SOL flipped positive, longs are crowded, closing mine here',
        ct: T0 + 90,
      },
    ]);
    expect(await copyOf(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'])).toEqual({
      a1: null,
      a2: 'a1',
      a3: 'a1',
      a4: null,
      a5: null,
      a6: null,
    });
  });

  it('folds copies inside one batch whatever their order in it', async () => {
    await storeAs(db, [
      { id: 'b3', author: 'charlie', text: `${PROMO} now`, ct: T0 + 10_020 },
      { id: 'b1', author: 'alpha', text: `${PROMO} now`, ct: T0 + 10_000 },
      { id: 'b2', author: 'bravo', text: `${PROMO} now!!`, ct: T0 + 10_010 },
    ]);
    expect(await copyOf(['b1', 'b2', 'b3'])).toEqual({ b1: null, b2: 'b1', b3: 'b1' });
  });

  it('hands the lead to an earlier post arriving late, with the cluster', async () => {
    const text = 'Airdrop claim is live for early wallets, connect and claim 500 tokens before it closes';
    await storeAs(db, [
      { id: 'c2', author: 'bravo', text, ct: T0 + 20_100 },
      { id: 'c3', author: 'charlie', text, ct: T0 + 20_200 },
    ]);
    expect(await copyOf(['c2', 'c3'])).toEqual({ c2: null, c3: 'c2' });
    await storeAs(db, [{ id: 'c1', author: 'alpha', text, ct: T0 + 20_000 }]);
    expect(await copyOf(['c1', 'c2', 'c3'])).toEqual({ c1: null, c2: 'c1', c3: 'c1' });
  });

  it('keeps apart the same sentence about another coin, or with another number', async () => {
    // Names, not cashtags: the texts are 7 bits apart (a copy by SimHash alone); only the
    // pipeline's extracted coins tell them apart.
    const about = (coin: string) =>
      `Institutions keep buying ${coin} on every dip this month. Treasury companies are adding more every single week and the supply on exchanges keeps falling, bullish`;
    await storeAs(db, [
      { id: 'd1', author: 'alpha', text: about('Bitcoin'), coins: ['BTC'], ct: T0 + 30_000 },
      { id: 'd2', author: 'bravo', text: about('Ethereum'), coins: ['ETH'], ct: T0 + 30_060 },
      { id: 'd3', author: 'charlie', text: PROMO, ct: T0 + 30_120 },
      { id: 'd4', author: 'delta', text: `${about('Bitcoin')} 🚀`, coins: ['BTC'], ct: T0 + 30_180 },
      { id: 'd5', author: 'echo', text: PROMO.replace('50x', '20x'), ct: T0 + 30_240 },
    ]);
    expect(await copyOf(['d1', 'd2', 'd3', 'd4', 'd5'])).toEqual({ d1: null, d2: null, d3: null, d4: 'd1', d5: null });
  });

  it('keeps a post where it was when it is sent again', async () => {
    await storeAs(db, [{ id: 'a2', author: 'bravo', text: `${PROMO} 🚀 edited`, ct: T0 + 60 }]);
    expect(await copyOf(['a2'])).toEqual({ a2: 'a1' });
  });
});
