/** The configured price source (PRICE_SOURCE), or null for none: no price worker runs. */
import type { Config } from '../config';
import type { Db } from '../db/db';
import { sourceStateRepo } from '../db/repos/source-state';
import { DEMO_SOURCE_NAME, demoStoryStartMs } from '../pipeline/sources/demo/index';
import { createDemoPriceSource } from './sources/demo';
import type { PriceSource } from './types';

export function buildPriceSource(config: Config, db: Db, log: (line: string) => void): PriceSource | null {
  switch (config.priceSource) {
    case 'demo':
      return createDemoPriceSource({
        seed: config.demoSeed,
        // The same timeline as the demo posts: read from their source's cursor.
        storyStartMs: async () => demoStoryStartMs((await sourceStateRepo(db).get(DEMO_SOURCE_NAME))?.cursor ?? null),
      });
    case 'coingecko':
    case 'binance':
      // INTEGRATOR: connect createCoinGeckoSource(opts) / createBinanceSource(opts) from
      // ./sources/coingecko and ./sources/binance (written on the prices-adapters branch) here.
      log(`PRICE_SOURCE=${config.priceSource} is not connected in this build; no prices are collected`);
      return null;
    case 'none':
      return null;
  }
}
