/**
 * The market the demo population reacts to: a slow price walk per coin plus storylines on a
 * 30-day timeline that ends at the moment collection first started (so a fresh install opens on
 * the memecoin mania, with the hack and the ETF approval inside the last month). The timeline
 * repeats every 30 days with a new cast (which coin gets the ETF, which protocol is hacked, which
 * memecoin runs), so a demo left running keeps producing stories.
 */
import { coinIndex, DEMO_COINS } from './coins';
import { hash32, Rng } from './prng';

export const DAY_MS = 86_400_000;
export const STORY_DAYS = 30;

export type DemoEventKind =
  | 'etf_rumor'
  | 'etf_approved'
  | 'etf_flows'
  | 'fomc_pre'
  | 'fomc_post'
  | 'hack_news'
  | 'hack_after'
  | 'airdrop'
  | 'meme_mania'
  | 'meme_top';

type Role = 'etf' | 'hack' | 'meme' | 'airdrop' | 'macro';

interface Phase {
  kind: DemoEventKind;
  role: Role;
  /** Days from the cycle start; `to` may pass 30 so a storyline runs on into the next cycle. */
  from: number;
  to: number;
  shape: 'flat' | 'decay' | 'ramp';
  tau: number;
  level: number;
  /** Extra posting volume at intensity 1 (0.8 = +80%). */
  volume: number;
  /** Attention multiplier for the coin at intensity 1. */
  pop: number;
  /** Sentiment push for posts about the coin (+ bullish); fomc_post takes its sign from the cast. */
  bias: number;
}

/** The storyline calendar of one cycle (columns as in Phase). */
const PHASES: readonly Phase[] = (
  [
    // kind, role, from, to, shape, tau, level, volume, pop, bias
    ['etf_rumor', 'etf', 4, 10.6, 'flat', 1, 0.3, 0.15, 2.5, 0.5],
    ['etf_approved', 'etf', 10.6, 12.6, 'decay', 0.5, 1, 0.9, 6, 1.3],
    ['etf_flows', 'etf', 12.6, 19, 'decay', 3, 0.3, 0.1, 2, 0.5],
    ['fomc_pre', 'macro', 12, 13.8, 'ramp', 0.8, 0.4, 0.1, 1.5, 0],
    ['fomc_post', 'macro', 13.8, 14.8, 'decay', 0.3, 0.8, 0.5, 2, 1],
    ['hack_news', 'hack', 18.4, 20, 'decay', 0.35, 1.2, 1.5, 12, -1.6],
    ['hack_after', 'hack', 20, 26, 'decay', 2.5, 0.5, 0.1, 3, -1.2],
    ['airdrop', 'airdrop', 20.5, 24, 'decay', 1.2, 0.6, 0.2, 3, 0],
    ['meme_mania', 'meme', 23, 30.6, 'ramp', 1.8, 1, 0.6, 12, 1.2],
    ['meme_top', 'meme', 30.6, 34, 'decay', 1.5, 0.8, 0.4, 8, -0.9],
  ] as const
).map(([kind, role, from, to, shape, tau, level, volume, pop, bias]) => ({
  kind,
  role,
  from,
  to,
  shape,
  tau,
  level,
  volume,
  pop,
  bias,
}));

const ETF = ['SOL', 'XRP', 'DOGE', 'ADA', 'AVAX'].map(coinIndex);
const HACK = ['CRV', 'PENDLE', 'GMX', 'LDO'].map(coinIndex);
const MEME = ['PEPE', 'WIF', 'BONK', 'SHIB'].map(coinIndex);
const AIRDROP = ['ARB', 'OP', 'ZK'].map(coinIndex);
const BTC = coinIndex('BTC');
/**
 * The protocol a storyline hacks is invented (a lending market where the cast coin is the main
 * collateral, so the coin still dumps): the demo must not tell a reader that a real protocol was
 * exploited.
 */
export const INVENTED_PROTOCOLS = [
  'Lendora',
  'Vaultic Finance',
  'Morrow Lend',
  'Quillfi',
  'Brightvault',
  'Tessera Markets',
  'Halden Protocol',
  'Kestrel Money',
];

interface Cast {
  etf: number;
  hack: number;
  meme: number;
  airdrop: number;
  macro: number;
  /** +1 a dovish Fed (bullish reaction), -1 a hawkish one. */
  fedTone: number;
  /** The invented protocol that gets exploited this cycle. */
  hackProtocol: string;
}

export interface ActiveEvent {
  kind: DemoEventKind;
  coin: number;
  intensity: number;
  bias: number;
  /** Attention multiplier for the coin at intensity 1. */
  pop: number;
  /** The invented protocol of the cycle's hack (named by the hack storylines). */
  protocol: string;
}

function intensity(p: Phase, d: number): number {
  if (d < p.from || d >= p.to) return 0;
  if (p.shape === 'flat') return p.level;
  if (p.shape === 'decay') return p.level * Math.exp(-(d - p.from) / p.tau);
  return p.level * Math.exp((d - p.to) / p.tau);
}

/** Log-price moves the storylines cause, by role, `d` days after the cycle start. */
function priceShock(role: Role, d: number): number {
  switch (role) {
    case 'etf':
      return d < 4 ? 0 : d < 10.6 ? (0.1 * (d - 4)) / 6.6 : 0.3 * Math.exp(-(d - 10.6) / 12);
    case 'hack':
      return d < 18.4 ? 0 : -0.55 * Math.exp(-(d - 18.4) / 10);
    case 'meme':
      return d < 23 ? 0 : d < 30.6 ? 1.6 * ((d - 23) / 7.6) ** 2 : 1.6 * Math.exp(-(d - 30.6) / 2.5);
    case 'airdrop':
      return d < 20.5 ? 0 : -0.2 * Math.exp(-(d - 20.5) / 6);
    default:
      return 0;
  }
}

const WALK_PERIODS_DAYS = [23, 9, 2.7];
const WALK_AMPS = [1, 0.6, 0.3];

export class Story {
  /** Mean of the event volume multiplier over a cycle, so the average rate stays postsPerDay. */
  readonly meanVolume: number;
  private readonly casts = new Map<number, Cast>();
  private readonly phases: Float64Array;
  private moodHour = Number.NaN;
  private readonly mood = new Float64Array(DEMO_COINS.length);

  constructor(
    private readonly seed: number,
    /** Unix ms at which cycle 0 starts: 30 days before collection first started. */
    readonly startMs: number,
  ) {
    this.phases = new Float64Array(DEMO_COINS.length * 3);
    for (let i = 0; i < this.phases.length; i++) this.phases[i] = (hash32(seed, i, 0x3a1) / 2 ** 32) * 2 * Math.PI;
    let sum = 0;
    const steps = 3000;
    for (let s = 0; s < steps; s++) {
      const d = (s / steps) * STORY_DAYS;
      let v = 1;
      for (const p of PHASES) v += p.volume * (intensity(p, d) + intensity(p, d + STORY_DAYS));
      sum += v;
    }
    this.meanVolume = sum / steps;
  }

  cast(cycle: number): Cast {
    let c = this.casts.get(cycle);
    if (!c) {
      const rng = new Rng(hash32(this.seed, cycle, 0xca57));
      c = {
        etf: rng.pick(ETF),
        hack: rng.pick(HACK),
        meme: rng.pick(MEME),
        airdrop: rng.pick(AIRDROP),
        macro: BTC,
        fedTone: 0,
        hackProtocol: '',
      };
      c.fedTone = rng.chance(0.5) ? 1 : -1;
      c.hackProtocol = rng.pick(INVENTED_PROTOCOLS);
      this.casts.set(cycle, c);
    }
    return c;
  }

  /** Fills `out` with the storylines active at `t` (unix ms); returns the volume multiplier. */
  eventsAt(t: number, out: ActiveEvent[]): number {
    out.length = 0;
    const days = (t - this.startMs) / DAY_MS;
    const cycle = Math.floor(days / STORY_DAYS);
    let volume = 1;
    for (let back = 0; back <= 1; back++) {
      const d = days - (cycle - back) * STORY_DAYS;
      // No phase runs past day 34; nothing happened before the story began.
      if (d >= 34 || cycle - back < 0) continue;
      const cast = this.cast(cycle - back);
      for (const p of PHASES) {
        const k = intensity(p, d);
        if (k <= 0.005) continue;
        volume += p.volume * k;
        out.push({
          kind: p.kind,
          coin: cast[p.role],
          intensity: k,
          bias: p.kind === 'fomc_post' ? cast.fedTone : p.bias,
          pop: p.pop,
          protocol: cast.hackProtocol,
        });
      }
    }
    return volume / this.meanVolume;
  }

  /** Log-price offset from a coin's slow random walk, at `t`. */
  private walk(coin: number, t: number): number {
    const vol = DEMO_COINS[coin]!.vol;
    if (vol === 0) return 0;
    let w = 0;
    for (let k = 0; k < 3; k++) {
      w += WALK_AMPS[k]! * Math.sin((2 * Math.PI * t) / (WALK_PERIODS_DAYS[k]! * DAY_MS) + this.phases[coin * 3 + k]!);
    }
    return vol * 1.5 * w;
  }

  private shock(coin: number, t: number): number {
    const days = (t - this.startMs) / DAY_MS;
    const cycle = Math.floor(days / STORY_DAYS);
    let s = 0;
    for (let back = 0; back <= 2 && cycle - back >= 0; back++) {
      const cast = this.cast(cycle - back);
      const d = days - (cycle - back) * STORY_DAYS;
      if (cast.etf === coin) s += priceShock('etf', d);
      if (cast.hack === coin) s += priceShock('hack', d);
      if (cast.meme === coin) s += priceShock('meme', d);
      if (cast.airdrop === coin) s += priceShock('airdrop', d);
    }
    return s;
  }

  priceAt(coin: number, t: number): number {
    return DEMO_COINS[coin]!.price * Math.exp(this.walk(coin, t) + this.shock(coin, t));
  }

  /**
   * Sentiment push per coin from its two-day price trend, plus a share of Bitcoin's (the market
   * drags everything). Cached per hour: it moves slowly and the slot loop asks for it constantly.
   */
  moodAt(t: number): Float64Array {
    const hour = Math.floor(t / 3_600_000);
    if (hour === this.moodHour) return this.mood;
    this.moodHour = hour;
    const h = hour * 3_600_000;
    for (let i = 0; i < DEMO_COINS.length; i++) {
      const vol = Math.max(DEMO_COINS[i]!.vol, 0.05);
      const trend = (this.walk(i, h) - this.walk(i, h - 2 * DAY_MS)) / vol;
      this.mood[i] = 0.6 * Math.max(-1, Math.min(1, trend));
    }
    const market = this.mood[BTC]!;
    for (let i = 0; i < DEMO_COINS.length; i++) if (i !== BTC) this.mood[i] = this.mood[i]! + 0.3 * market;
    return this.mood;
  }
}
