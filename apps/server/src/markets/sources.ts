/** The configured price source (PRICE_SOURCE), or null for none: no price worker runs. */
import type { PriceSourceName } from '@kolscope/contract';
import type { Db } from '../db/db';
import { sourceStateRepo } from '../db/repos/source-state';
import { DEMO_SOURCE_NAME, demoStoryStartMs } from '../pipeline/sources/demo/index';
import { createBinanceSource } from './sources/binance';
import { createCoinGeckoSource } from './sources/coingecko';
import { createDemoPriceSource } from './sources/demo';
import type { PriceSource } from './types';

/** The demo prices' story start when the demo posts are not collected (PRICE_SOURCE=demo alone). */
const STANDALONE_STORY_START_MS = Date.UTC(2024, 0, 1);

/** What buildPriceSource reads of its own; config.ts's Config has it, read from the environment. */
export interface PriceSettings {
  /** PRICE_SOURCE: the price worker's source, or none (no worker). */
  priceSource: PriceSourceName;
  /** The CoinGecko API (markets/sources/coingecko.ts); the key is a demo key unless the URL is the pro host. */
  coinGecko: { baseUrl: string; apiKey: string | undefined };
  /** The Binance spot market-data API (markets/sources/binance.ts). */
  binanceBaseUrl: string;
}

/** The demo prices also follow the demo posts' settings (their seed, and whether they are collected). */
export function buildPriceSource(
  config: PriceSettings & { demoSeed: number; sources: readonly string[] },
  db: Db,
): PriceSource | null {
  switch (config.priceSource) {
    case 'demo':
      return createDemoPriceSource({
        seed: config.demoSeed,
        // The same timeline as the demo posts: read from their source's cursor. Without demo posts
        // any fixed start will do (the storylines repeat every 30 days with a new cast).
        storyStartMs: async () =>
          demoStoryStartMs((await sourceStateRepo(db).get(DEMO_SOURCE_NAME))?.cursor ?? null) ??
          (config.sources.includes('demo') ? null : STANDALONE_STORY_START_MS),
      });
    case 'coingecko':
      return createCoinGeckoSource({ baseUrl: config.coinGecko.baseUrl, apiKey: config.coinGecko.apiKey });
    case 'binance':
      return createBinanceSource({ baseUrl: config.binanceBaseUrl });
    case 'none':
      return null;
  }
}
