/**
 * The deliberate copy-paste promotions: once or twice a day, four or five shill bots post the
 * same sentence about a small coin within about fifteen minutes. They are the one place where
 * demo accounts share a sentence, so near-duplicate folding has something real to fold.
 */
import { BANKS, fill, type FillContext } from './compose';
import { MarketFacts } from './market';
import { coinIndex, DEMO_COINS } from './coins';
import type { DemoModel } from './model';
import { hash32, Rng } from './prng';
import { DAY_MS, type Story } from './story';

export interface PromoPost {
  ms: number;
  /** Index of the bot account. */
  account: number;
  text: string;
}

const PROMO_COINS = ['PEPE', 'WIF', 'BONK', 'SHIB', 'APE', 'SAND', 'DOGE'].map(coinIndex);
const PROMO = BANKS.en.get('promo')![0];

/** The promo posts of a UTC day (day = unix ms / DAY_MS), in time order. */
export function promoPostsOfDay(model: DemoModel, story: Story, day: number): PromoPost[] {
  const bots = model.promoBots;
  if (bots.length < 4 || !PROMO.length) return [];
  const rng = new Rng(hash32(model.seed, day, 0x9a0));
  const out: PromoPost[] = [];
  const clusters = rng.chance(0.5) ? 2 : 1;
  for (let c = 0; c < clusters; c++) {
    const coin = rng.pick(PROMO_COINS);
    let ms = day * DAY_MS + rng.int(DAY_MS - 20 * 60_000);
    const ctx: FillContext = {
      lang: 'en',
      coin: DEMO_COINS[coin]!,
      coinIndex: coin,
      peer: DEMO_COINS[coin]!,
      ms,
      story,
      price: story.priceAt(coin, ms),
      proto: DEMO_COINS[coin]!.name,
      cashtagOnly: true,
      rng,
      market: new MarketFacts(story),
    };
    ctx.market.at(coin, ms);
    const text = fill(rng.pick(PROMO), ctx);
    const first = rng.int(bots.length);
    const size = rng.between(4, 5);
    for (let k = 0; k < size; k++) {
      out.push({ ms, account: bots[(first + k) % bots.length]!, text });
      ms += 60_000 + rng.int(150_000);
    }
  }
  return out.sort((a, b) => a.ms - b.ms);
}
