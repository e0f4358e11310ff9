/**
 * Mindshare's sectors (domain/coins/sectors.ts): every catalogue coin has exactly one sector, the
 * map names no symbol the catalogue lacks, and the rollups' SQL function reads the same map.
 */
import { MINDSHARE_SECTORS } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { COINS } from '../../src/domain/coins/catalogue';
import { SECTOR_PAIRS, sectorOf } from '../../src/domain/coins/sectors';
import { closeTestDb, openMigratedDb } from '../support/test-app';

describe('coin sectors', () => {
  it('map every catalogue coin to one sector', () => {
    const unmapped = COINS.filter((c) => !SECTOR_PAIRS.some(([coin]) => coin === c.symbol)).map((c) => c.symbol);
    expect(unmapped).toEqual([]);
    const seen = new Map<string, string[]>();
    for (const [coin, sector] of SECTOR_PAIRS) seen.set(coin, [...(seen.get(coin) ?? []), sector]);
    expect([...seen].filter(([, s]) => s.length > 1)).toEqual([]);
    const catalogue = new Set(COINS.map((c) => c.symbol));
    expect(SECTOR_PAIRS.map(([coin]) => coin).filter((c) => !catalogue.has(c))).toEqual([]);
    // Every sector but "other" holds coins; "other" is for coins the catalogue does not know.
    expect(new Set(SECTOR_PAIRS.map(([, s]) => s))).toEqual(new Set(MINDSHARE_SECTORS.filter((s) => s !== 'other')));
    expect(sectorOf('NOTACOINXYZ')).toBe('other');
    expect(sectorOf('BTC')).toBe('layer1');
    expect(sectorOf('USDT')).toBe('stablecoins');
  });

  it('are the map the rollups count with', async () => {
    const opened = await openMigratedDb();
    const { db } = opened;
    try {
      const rows = await db.query<{ keys: string[] }>('SELECT mindshare_keys($1::text[]) AS keys', [
        ['ETH', 'BTC', 'UNI', 'ZZZQ', 'ETH'],
      ]);
      // Each sector once, in the order its first coin comes.
      expect(rows[0]!.keys).toEqual([
        'ETH',
        'BTC',
        'UNI',
        'ZZZQ',
        'ETH',
        '#any',
        '#sector:layer1',
        '#sector:defi',
        '#sector:other',
      ]);
      const none = await db.query<{ keys: string[] }>("SELECT mindshare_keys('{}'::text[]) AS keys");
      expect(none[0]!.keys).toEqual([]);
      // Every coin of the catalogue reaches its own sector in SQL too.
      const all = await db.query<{ coin: string; key: string }>(
        `SELECT c AS coin, k AS key FROM unnest($1::text[]) AS c, unnest(mindshare_keys(ARRAY[c])) AS k WHERE k LIKE '#sector:%'`,
        [COINS.map((c) => c.symbol)],
      );
      expect(all.filter((r) => r.key !== `#sector:${sectorOf(r.coin)}`)).toEqual([]);
      expect(all.length).toBe(COINS.length);
    } finally {
      await closeTestDb(db, opened.drop);
    }
  });
});
