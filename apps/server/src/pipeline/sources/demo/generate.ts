/**
 * Posts as a pure function of (seed, story start, slot): virtual time is cut into fixed slots and
 * each slot's posts come from a PRNG seeded by (seed, slot index), so any range can be rebuilt
 * identically without state. Only the metrics also depend on `now` (they grow with the post's age).
 */
import type { PostRefKind, RawMedia, RawPost } from '../../types';
import type { DemoAccount } from './accounts';
import { BANKS, BEAR, BULL, type FillContext, fill, NEUTRAL, type Opinion, pickTemplate } from './compose';
import { DEMO_COINS, type DemoTopic } from './coins';
import { MarketFacts } from './market';
import { type DemoModel, demoModel, EVENT_NEUTRAL, EVENT_TOPIC, PERSONA_NEUTRAL, TOPIC_NEUTRAL } from './model';
import { hash32, hashString, pickCumulative, Rng } from './prng';
import { type PromoPost, promoPostsOfDay } from './promo';
import { type ActiveEvent, DAY_MS, INVENTED_PROTOCOLS, Story } from './story';
import { lengthen, threadParts, withVoice } from './style';

/** Slot length: short enough that live posts trickle in every few seconds. */
export const DEMO_SLOT_MS = 5000;
/**
 * Rates, storylines and coin attention are evaluated once per minute, at the minute's middle: the
 * value must not depend on which slot happened to be generated first, or restarts would differ.
 */
const BUCKET_MS = 60_000;

const MEDIA_KIND: Partial<Record<DemoTopic, string>> = { ta: 'chart', deriv: 'chart', meme: 'meme' };
const OPINION_CODE = ['u', 'd', 'f'];
const INCIDENTS = new Set(['hack_news', 'hack_after']);
const NO_PROMOS: PromoPost[] = [];

/**
 * The id of a post on the author's network: X keeps the time-sorted numeric id; a Telegram post
 * is `tg:<channel>/<message>`; a Farcaster cast `fc:0x<40 hex>` (a hash of the numeric id).
 */
function networkPostId(account: DemoAccount, numeric: string): string {
  if (account.network === 'telegram') return `${account.id}/${numeric.slice(1).replace(/^0+/, '')}`;
  if (account.network === 'farcaster') {
    let hex = '';
    for (let k = 0; k < 5; k++) hex += (hash32(hashString(numeric), k, 0xca57) >>> 0).toString(16).padStart(8, '0');
    return `fc:0x${hex}`;
  }
  return numeric;
}

/** Hour-of-day and weekday rhythm, averaging 1 over a week (UTC; peaks in Asian and US hours). */
function rhythm(t: number): number {
  const h = (t % DAY_MS) / 3_600_000;
  const day = 1 + 0.3 * Math.cos((2 * Math.PI * (h - 14)) / 24) + 0.12 * Math.cos((2 * Math.PI * (h - 3)) / 12);
  const dow = (Math.floor(t / DAY_MS) + 4) % 7; // 1970-01-01 was a Thursday
  return (day * (dow === 0 || dow === 6 ? 0.85 : 1)) / (6.7 / 7);
}

function pickEvent(events: readonly ActiveEvent[], rng: Rng): ActiveEvent {
  let total = 0;
  for (const e of events) total += e.intensity;
  let r = rng.next() * total;
  for (const e of events) {
    r -= e.intensity;
    if (r < 0) return e;
  }
  return events[events.length - 1]!;
}

export class SlotGenerator {
  private readonly rng = new Rng(0);
  private readonly perSlot: number;
  private bucket = Number.NaN;
  private lambda = 0;
  private eventShare = 0;
  private readonly events: ActiveEvent[] = [];
  private readonly popCum = new Float64Array(DEMO_COINS.length);
  private readonly ctx: FillContext;
  private promoDay = Number.NaN;
  private promos: PromoPost[] = [];

  constructor(
    private readonly model: DemoModel,
    readonly story: Story,
    postsPerDay: number,
  ) {
    this.perSlot = (postsPerDay * DEMO_SLOT_MS) / DAY_MS;
    const coin = DEMO_COINS[0]!;
    this.ctx = {
      lang: 'en',
      coin,
      coinIndex: 0,
      peer: coin,
      ms: 0,
      story,
      price: 1,
      proto: coin.name,
      cashtagOnly: false,
      rng: this.rng,
      market: new MarketFacts(story),
    };
  }

  private enterBucket(t: number): void {
    const b = Math.floor(t / BUCKET_MS);
    if (b === this.bucket) return;
    this.bucket = b;
    const mid = b * BUCKET_MS + BUCKET_MS / 2;
    const events = this.events;
    this.lambda = this.perSlot * rhythm(mid) * this.story.eventsAt(mid, events);
    // Coin attention: base popularity scaled up by the storylines in play.
    for (let i = 0; i < DEMO_COINS.length; i++) {
      let pop = DEMO_COINS[i]!.pop;
      for (const e of events) if (e.coin === i) pop *= 1 + (e.pop - 1) * e.intensity;
      this.popCum[i] = (i ? this.popCum[i - 1]! : 0) + pop;
    }
    let share = 0;
    for (const e of events) share += 0.35 * e.intensity;
    this.eventShare = Math.min(0.6, share);
  }

  /** The promo posts of the day holding `t` (cached: a slot asks for its own few). */
  private promosAt(t: number): PromoPost[] {
    const day = Math.floor(t / DAY_MS);
    if (day !== this.promoDay) {
      this.promoDay = day;
      this.promos = promoPostsOfDay(this.model, this.story, day);
    }
    return this.promos;
  }

  /** Seeds the PRNG for a slot and draws its post count; the posts continue from this state. */
  private begin(slot: number): number {
    this.enterBucket(slot * DEMO_SLOT_MS);
    return this.rng.reset(hash32(this.model.seed, slot, 0x51)).poisson(this.lambda);
  }

  /** How many posts a slot holds, without building them (for sizing batches; threads add a few). */
  count(slot: number): number {
    return this.begin(slot);
  }

  /** Appends the posts of `slot` to `out`, with metrics as of `nowMs`. */
  generate(slot: number, nowMs: number, out: RawPost[]): void {
    const k = this.begin(slot);
    const start = slot * DEMO_SLOT_MS;
    let promos: PromoPost[] = NO_PROMOS;
    for (const p of this.promosAt(start)) {
      if (p.ms >= start && p.ms < start + DEMO_SLOT_MS) promos = promos === NO_PROMOS ? [p] : [...promos, p];
    }
    if (k === 0 && promos.length === 0) return;
    const { rng, model, story, events, ctx } = this;
    // Promo posts sort after an organic post of the same millisecond: a fraction marks them.
    const offsets = new Float64Array(k + promos.length);
    for (let i = 0; i < k; i++) offsets[i] = rng.int(DEMO_SLOT_MS);
    promos.forEach((p, i) => {
      offsets[k + i] = p.ms - start + 0.5 + i / 100;
    });
    offsets.sort();
    const mood = story.moodAt(start);
    // Chinese-speaking accounts mostly sleep during the Beijing night (16-24 UTC).
    const zhNight = start % DAY_MS >= 16 * 3_600_000;
    // A slot never straddles a million-ms boundary (5000 divides 1e6), so the id head is shared.
    const idPrefix = `9${String(Math.floor(start / 1e6)).padStart(9, '0')}`;

    let prevMs = -1;
    let seq = 0;
    const nextId = (ms: number) => {
      seq = ms === prevMs ? seq + 1 : 0;
      prevMs = ms;
      // Snowflake-like: '9' then ms*1000+seq in 18 digits, so ids sort by time and never collide.
      // Built from small-integer pieces: stringifying the 16-digit number was the hot spot.
      return `${idPrefix}${String(1e6 + (ms % 1e6)).slice(1)}${seq ? String(1000 + seq).slice(1) : '000'}`;
    };
    for (let j = 0; j < offsets.length; j++) {
      const o = offsets[j]!;
      const ms = start + Math.floor(o);
      if (o !== Math.floor(o)) {
        const promo = promos[Math.round((o - Math.floor(o) - 0.5) * 100)]!;
        this.push(out, promo.account, promo.text, 'en', [], BULL, ms, nextId(ms), nowMs, false);
        continue;
      }
      let a = pickCumulative(model.activityCum, rng.next());
      if (zhNight && model.accounts[a]!.lang === 'zh' && rng.chance(0.6))
        a = pickCumulative(model.activityCum, rng.next());
      const account = model.accounts[a]!;
      const lang = account.lang === 'zh' ? (rng.chance(0.88) ? 'zh' : 'en') : rng.chance(0.99) ? 'en' : 'zh';

      let coin: number;
      let topic: DemoTopic;
      let bankKey: string;
      let neutral: number;
      const event =
        events.length > 0 && account.persona !== 'regulator' && rng.chance(this.eventShare)
          ? pickEvent(events, rng)
          : undefined;
      if (event) {
        coin = event.coin;
        topic = EVENT_TOPIC[event.kind];
        bankKey = event.kind;
        neutral = EVENT_NEUTRAL[event.kind] + PERSONA_NEUTRAL[account.persona] / 2;
      } else {
        coin = rng.chance(0.5) ? rng.pick(model.favourites[a]!) : pickCumulative(this.popCum, rng.next());
        const [topics, cum] = model.topics[a]![coin]!;
        topic = topics[pickCumulative(cum, rng.next())]!;
        bankKey = topic;
        neutral = TOPIC_NEUTRAL[topic] + PERSONA_NEUTRAL[account.persona];
      }
      let opinion: Opinion = NEUTRAL;
      if (!rng.chance(neutral)) {
        // Lean of the author, the coin's recent trend, and any storyline about the coin (the
        // mood of a storyline outlasts the flood of posts about it, hence the factor 3).
        let score = account.bias + mood[coin]!;
        for (const e of events) if (e.coin === coin) score += e.bias * Math.min(1, e.intensity * 3);
        opinion = rng.next() < 1 / (1 + Math.exp(-2 * score)) ? BULL : BEAR;
      }
      const c = DEMO_COINS[coin]!;
      const incident = (event !== undefined && INCIDENTS.has(event.kind)) || topic === 'security';
      ctx.lang = lang;
      ctx.coin = c;
      ctx.coinIndex = coin;
      ctx.peer = DEMO_COINS[rng.pick(model.peers[coin]!)]!;
      ctx.ms = ms;
      ctx.price = story.priceAt(coin, ms);
      ctx.market.at(coin, ms);
      // Incidents name an invented protocol; the coin that suffers is named by cashtag only.
      ctx.proto =
        event && INCIDENTS.has(event.kind) ? event.protocol : incident ? rng.pick(INVENTED_PROTOCOLS) : c.name;
      ctx.cashtagOnly = incident;
      let text = fill(pickTemplate(BANKS[lang].get(bankKey)!, opinion, ctx), ctx);
      let refKind: PostRefKind | undefined;
      const threadLength =
        account.network !== 'telegram' && rng.chance(account.voice.threadShare) ? rng.between(2, 5) : 1;
      if (threadLength === 1 && !event && rng.chance(0.1)) {
        text = `@${rng.pick(model.mentionable)} ${text}`;
        refKind = 'reply';
      } else if (opinion !== NEUTRAL && rng.chance(0.03)) refKind = 'quote';
      else if (lang === 'en' && rng.chance(0.06))
        text += ` #${incident ? rng.pick(['crypto', 'DeFi', 'security']) : rng.pick(['crypto', c.symbol, c.name.replace(/\W/g, '')])}`;
      if (threadLength > 1) text += lang === 'zh' ? `（1/${threadLength}）🧵` : ` 🧵 1/${threadLength}`;
      else text = lengthen(text, account, lang, opinion, ctx);
      text = withVoice(text, account.voice, lang, rng);

      const medias: RawMedia[] = [];
      const numeric = nextId(ms);
      if (rng.chance(0.15)) {
        const r = rng.next();
        const n = r < 0.55 ? 1 : r < 0.75 ? 2 : r < 0.85 ? 3 : r < 0.93 ? 4 : rng.between(5, 9);
        const base = `/demo-media/image/${MEDIA_KIND[topic] ?? 'shot'}-${OPINION_CODE[opinion]}-${c.symbol}-${numeric}-`;
        for (let m = 0; m < n; m++) medias.push({ imgUrlThumb: `${base}${m}.png`, imgUrlOrigin: `${base}${m}.svg` });
      }
      this.push(out, a, text, lang, medias, opinion, ms, numeric, nowMs, event !== undefined, refKind);
      // The rest of a thread: posted together, each a reply to the first.
      if (threadLength > 1) {
        for (const part of threadParts(threadLength, lang, opinion, ctx)) {
          this.push(out, a, part, lang, [], opinion, ms, nextId(ms), nowMs, false, 'reply');
        }
      }
    }
  }

  private push(
    out: RawPost[],
    a: number,
    text: string,
    lang: string,
    medias: RawMedia[],
    opinion: Opinion,
    ms: number,
    numeric: string,
    nowMs: number,
    event: boolean,
    refKind?: PostRefKind,
  ): void {
    const { rng, model } = this;
    const account = model.accounts[a]!;
    // Engagement: bigger accounts reach more but engage a smaller share; virality is lognormal.
    const followers = account.followersCount;
    const virality =
      Math.exp(1.1 * rng.gauss()) * (event ? 1.8 : 1) * (medias.length ? 1.3 : 1) * (account.promoBot ? 0.05 : 1);
    const likes = model.likeBase[a]! * virality;
    const rt = 0.1 + 0.08 * rng.next();
    // Counts grow with age and saturate, so a post seen again carries higher numbers.
    const age = Math.max(0, nowMs - ms);
    const g = 1 - Math.exp(-age / 7_200_000);
    const gi = 1 - Math.exp(-age / 14_400_000);
    out.push({
      id: networkPostId(account, numeric),
      ...(account.network === 'x' ? {} : { network: account.network }),
      text,
      createdAt: Math.floor(ms / 1000),
      lang,
      author: model.authors[a]!,
      medias,
      metrics: {
        likeCount: Math.floor(likes * g),
        retweetCount: Math.floor(likes * rt * g),
        replyCount: Math.floor(likes * (opinion === NEUTRAL ? 0.12 : 0.06) * g),
        quoteCount: Math.floor(likes * 0.02 * g),
        impressionCount: Math.floor((followers * 0.3 * virality ** 0.8 + likes * 25) * gi),
      },
      ...(refKind ? { refKind } : {}),
    });
  }
}

/** A generator for a seed and a story start (30 days before collection first began). */
export function demoGenerator(seed: number, storyStartMs: number, postsPerDay: number): SlotGenerator {
  return new SlotGenerator(demoModel(seed), new Story(seed, storyStartMs), postsPerDay);
}
