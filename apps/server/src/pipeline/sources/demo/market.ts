/**
 * What the price did before a post, read from the path the demo price source draws
 * (Story.priceAt): the moves a template may claim, how many hours a fall has lasted, the round
 * levels the price crossed in the last day. A template that claims a move ("@down", "{broke}",
 * see compose.ts) is picked only when these say it happened, so no post contradicts the price
 * line (issue 29 §9; test/pipeline/demo/price-claims.test.ts reads the posts against the candles).
 *
 * Margins keep each claim true on any candle: a candle's samples carry ±0.15 % of noise, and a
 * memecoin can drift 0.3 % within the 5 minutes of the candle that holds the post.
 */
import { DEMO_COINS, levelStep } from './coins';
import type { Story } from './story';

/** A claim a whole template makes: up/down over the last day and the last 4 hours, a week, a quiet day. */
export type Claim = 'up' | 'down' | 'up7d' | 'down7d' | 'flat';
export const CLAIMS: ReadonlySet<string> = new Set<Claim>(['up', 'down', 'up7d', 'down7d', 'flat']);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Smallest move over a day, over the last 4 hours, over a week, that a post calls a move. */
const DAY_MOVE = 0.015;
const RECENT_MOVE = 0.008;
const WEEK_MOVE = 0.03;
/** Largest move over a day that a post calls a quiet day. */
const QUIET_DAY = 0.012;
/** Smallest fall over "{nh} hours", each hour lower than the one before. */
const HOURS_MOVE = 0.01;
/** How far a crossed level sits from the price now and from the day's extreme. */
const LEVEL_GAP = 0.008;
/** The hours a post may say a fall lasted. */
const MIN_HOURS = 2;
const MAX_HOURS = 9;
/** At most this many crossed levels are offered (the nearest to the price first). */
const MAX_LEVELS = 4;

const NONE: readonly number[] = [];

/** The facts of one (coin, time), computed on first use and kept until the next post asks. */
export class MarketFacts {
  private coin = -1;
  private ms = Number.NaN;
  private now = 0;
  private moves: Record<'d1' | 'h4' | 'd7', number> | undefined;
  private falls: readonly number[] | undefined;
  private broke: readonly number[] | undefined;
  private cleared: readonly number[] | undefined;

  constructor(private readonly story: Story) {}

  /** Points the facts at a post; cheap when nothing is asked afterwards. */
  at(coin: number, ms: number): void {
    if (coin === this.coin && ms === this.ms) return;
    this.coin = coin;
    this.ms = ms;
    this.now = this.price(0);
    this.moves = this.falls = this.broke = this.cleared = undefined;
  }

  private price(agoMs: number): number {
    return this.story.priceAt(this.coin, this.ms - agoMs);
  }

  holds(claim: Claim): boolean {
    if (DEMO_COINS[this.coin]!.vol === 0) return claim === 'flat';
    this.moves ??= {
      d1: this.now / this.price(DAY_MS) - 1,
      h4: this.now / this.price(4 * HOUR_MS) - 1,
      d7: this.now / this.price(7 * DAY_MS) - 1,
    };
    const { d1, h4, d7 } = this.moves;
    switch (claim) {
      case 'up':
        return d1 >= DAY_MOVE && h4 >= RECENT_MOVE;
      case 'down':
        return d1 <= -DAY_MOVE && h4 <= -RECENT_MOVE;
      case 'up7d':
        return d7 >= WEEK_MOVE;
      case 'down7d':
        return d7 <= -WEEK_MOVE;
      default:
        return Math.abs(d1) <= QUIET_DAY;
    }
  }

  /** The n (2-9) for which the price has fallen every hour of the last n hours, by 1 % or more in all. */
  fallHours(): readonly number[] {
    if (this.falls) return this.falls;
    const out: number[] = [];
    let later = this.now;
    for (let n = 1; n <= MAX_HOURS; n++) {
      const earlier = this.price(n * HOUR_MS);
      if (earlier <= later) break;
      if (n >= MIN_HOURS && earlier / this.now - 1 >= HOURS_MOVE) out.push(n);
      later = earlier;
    }
    this.falls = out.length ? out : NONE;
    return this.falls;
  }

  /**
   * Round levels (as posts name them) the price crossed during the last day and stays beyond:
   * dir -1 those it fell through (now below, the day's high above), 1 those it rose through.
   */
  crossed(dir: 1 | -1): readonly number[] {
    const cached = dir < 0 ? this.broke : this.cleared;
    if (cached) return cached;
    let extreme = this.now;
    for (let h = 1; h <= 24; h++) {
      const p = this.price(h * HOUR_MS);
      extreme = dir < 0 ? Math.max(extreme, p) : Math.min(extreme, p);
    }
    // The open interval between the price now and the day's extreme, both kept at a distance.
    const [lo, hi] =
      dir < 0
        ? [this.now * (1 + LEVEL_GAP), extreme * (1 - LEVEL_GAP)]
        : [extreme * (1 + LEVEL_GAP), this.now * (1 - LEVEL_GAP)];
    const out: number[] = [];
    if (lo < hi) {
      const step = levelStep(dir < 0 ? lo : hi);
      // Nearest to the price now first: the level that just gave way, then the ones before it.
      for (let k = 0; out.length < MAX_LEVELS; k++) {
        const level = dir < 0 ? (Math.ceil(lo / step) + k) * step : (Math.floor(hi / step) - k) * step;
        if (dir < 0 ? level >= hi : level <= lo) break;
        if (level > lo && level < hi) out.push(level);
      }
    }
    const result = out.length ? out : NONE;
    if (dir < 0) this.broke = result;
    else this.cleared = result;
    return result;
  }
}
