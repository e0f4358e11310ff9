/** PRICE_SOURCE picks the price source; the demo one shares the demo posts' story start. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/db';
import { sourceStateRepo } from '../../src/db/repos/source-state';
import { buildPriceSource } from '../../src/markets/sources';
import { createDemoPriceSource } from '../../src/markets/sources/demo';
import { PriceRateLimited } from '../../src/markets/types';
import { formatDemoCursor } from '../../src/pipeline/sources/demo/index';
import { DAY_MS, STORY_DAYS } from '../../src/pipeline/sources/demo/story';
import { closeTestDb, openMigratedDb } from '../support/test-app';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

const signal = new AbortController().signal;
const FROM = Date.UTC(2026, 0, 10) / 1000;

describe('price source from PRICE_SOURCE', () => {
  it('none runs no worker; coingecko and binance are their adapters on their configured base URLs', () => {
    expect(buildPriceSource(loadConfig({ PRICE_SOURCE: 'none' }), db)).toBeNull();
    expect(buildPriceSource(loadConfig({ PRICE_SOURCE: 'coingecko' }), db)?.name).toBe('coingecko');
    expect(buildPriceSource(loadConfig({ PRICE_SOURCE: 'binance' }), db)?.name).toBe('binance');
  });

  it('demo without demo posts prices on a fixed timeline (no cursor needed)', async () => {
    const config = loadConfig({ SOURCES: 'rss', RSS_FEEDS: 'https://example.com/feed', PRICE_SOURCE: 'demo' });
    const page = await buildPriceSource(config, db)!.candles('SOL', '1h', FROM, FROM + 7200, signal);
    expect(page.candles).toHaveLength(2);
  });

  it('demo waits for the demo posts, then moves on their timeline', async () => {
    const source = buildPriceSource(loadConfig({}), db)!;
    expect(source.name).toBe('demo');
    await expect(source.candles('BTC', '1h', FROM, FROM + 3600, signal)).rejects.toBeInstanceOf(PriceRateLimited);
    const storyEnd = Date.UTC(2026, 0, 20);
    const cursor = formatDemoCursor({ storyEnd, live: storyEnd, back: storyEnd, refresh: storyEnd });
    await sourceStateRepo(db).recordBatch('demo', { cursor, posts: 0, rejected: 0, now: new Date() });
    const page = await source.candles('BTC', '1h', FROM, FROM + 3600, signal);
    const direct = createDemoPriceSource({ seed: 1, storyStartMs: async () => storyEnd - STORY_DAYS * DAY_MS });
    expect(page.candles).toEqual((await direct.candles('BTC', '1h', FROM, FROM + 3600, signal)).candles);
  });
});
