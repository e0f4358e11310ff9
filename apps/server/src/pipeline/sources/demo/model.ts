/**
 * What depends on the seed alone, built once per seed: the accounts, their sampling tables and the
 * habits that steer what a post is about and how opinionated it is.
 */
import type { RawAuthor } from '../../types';
import { type DemoAccount, type DemoPersona, demoAccounts } from './accounts';
import { DEMO_COINS, type DemoCoin, type DemoTopic } from './coins';
import type { DemoEventKind } from './story';

export const EVENT_TOPIC: Record<DemoEventKind, DemoTopic> = {
  etf_rumor: 'macro',
  etf_approved: 'macro',
  etf_flows: 'macro',
  fomc_pre: 'macro',
  fomc_post: 'macro',
  hack_news: 'security',
  hack_after: 'security',
  airdrop: 'airdrop',
  meme_mania: 'meme',
  meme_top: 'meme',
};
/** Share of storyline posts that are news, questions or levels rather than opinions. */
export const EVENT_NEUTRAL: Record<DemoEventKind, number> = {
  etf_rumor: 0.4,
  etf_approved: 0.25,
  etf_flows: 0.35,
  fomc_pre: 0.8,
  fomc_post: 0.3,
  hack_news: 0.35,
  hack_after: 0.3,
  airdrop: 0.4,
  meme_mania: 0.15,
  meme_top: 0.2,
};
export const TOPIC_NEUTRAL: Record<DemoTopic, number> = {
  ta: 0.25,
  deriv: 0.3,
  defi: 0.4,
  chain: 0.4,
  meme: 0.2,
  nft: 0.4,
  ai: 0.35,
  stable: 0.6,
  exchange: 0.5,
  macro: 0.45,
  security: 0.5,
  airdrop: 0.45,
};
/** News outlets and regulators mostly report; degens mostly cheer or curse. */
export const PERSONA_NEUTRAL: Record<DemoPersona, number> = {
  trader: 0,
  analyst: 0.05,
  degen: -0.1,
  builder: 0.1,
  news: 0.35,
  exchange: 0.25,
  regulator: 0.9,
};
const PERSONA_TOPICS: Record<DemoPersona, Partial<Record<DemoTopic, number>>> = {
  trader: { ta: 4, deriv: 2 },
  analyst: { ta: 2, macro: 1.5, defi: 1, chain: 1 },
  degen: { meme: 4, airdrop: 1.5, deriv: 1 },
  builder: { chain: 2, defi: 2, ai: 1, security: 1, airdrop: 1 },
  news: { macro: 1.5, exchange: 1.5, security: 1.5 },
  exchange: { exchange: 4 },
  regulator: { macro: 10 },
};

export type TopicTable = readonly [DemoTopic[], Float64Array];

/**
 * Which topics a persona talks about for a coin. Only topics that fit the coin are allowed
 * (no 'BTC airdrop', no 'USDT breakout'); the persona then tilts the weights.
 */
function topicTable(persona: DemoPersona, coin: DemoCoin): TopicTable {
  const has = (t: DemoTopic) => coin.topics.includes(t);
  const weights = new Map<DemoTopic, number>();
  const add = (t: DemoTopic, w: number) => weights.set(t, (weights.get(t) ?? 0) + w);
  for (const t of coin.topics) add(t, 2);
  if (!has('stable')) {
    add('ta', 3);
    add('deriv', 1);
    add(coin.pop >= 40 ? 'macro' : 'exchange', 0.3);
  }
  if (coin.topics[0] === 'defi') {
    add('security', 0.3);
    add('airdrop', 0.2);
  }
  for (const [t, w] of Object.entries(PERSONA_TOPICS[persona]) as [DemoTopic, number][]) {
    if (weights.has(t)) add(t, w);
  }
  const topics = [...weights.keys()];
  const cum = new Float64Array(topics.length);
  topics.forEach((t, i) => {
    cum[i] = (cum[i - 1] ?? 0) + weights.get(t)!;
  });
  return [topics, cum];
}

export interface DemoModel {
  seed: number;
  accounts: DemoAccount[];
  /** Plain RawAuthor objects (no demo extras), shared by every post of the account. */
  authors: RawAuthor[];
  activityCum: Float64Array;
  /** Likes a post of the account gets at virality 1: big accounts reach more, engage a smaller share. */
  likeBase: Float64Array;
  /** Favourite coins per account, as indexes into DEMO_COINS. */
  favourites: number[][];
  /** Topic tables per account (through its persona), by coin index. */
  topics: TopicTable[][];
  /** Coins to compare a coin with, by coin index. */
  peers: number[][];
  /** Handles replies are addressed to: the biggest accounts, as on X. */
  mentionable: string[];
  /** Indexes of the shill bots that post the copy-paste promotions. */
  promoBots: number[];
}

const models = new Map<number, DemoModel>();

export function demoModel(seed: number): DemoModel {
  const hit = models.get(seed);
  if (hit) return hit;
  const accounts = demoAccounts(seed);
  const activityCum = new Float64Array(accounts.length);
  accounts.forEach((a, i) => {
    activityCum[i] = (activityCum[i - 1] ?? 0) + a.activity;
  });
  const index = new Map(DEMO_COINS.map((c, i) => [c.symbol, i]));
  const byPersona = new Map<DemoPersona, TopicTable[]>();
  for (const persona of Object.keys(PERSONA_TOPICS) as DemoPersona[]) {
    byPersona.set(
      persona,
      DEMO_COINS.map((coin) => topicTable(persona, coin)),
    );
  }
  const model: DemoModel = {
    seed,
    accounts,
    authors: accounts.map(
      ({ id, username, name, icon, followersCount, isBlueVerified, verifiedType, network, bio, links }) => ({
        id,
        username,
        name,
        icon,
        followersCount,
        isBlueVerified,
        verifiedType,
        ...(network === 'x' ? {} : { network }),
        ...(bio ? { bio } : {}),
        ...(links ? { links } : {}),
      }),
    ),
    activityCum,
    likeBase: Float64Array.from(accounts, (a) => 0.03 * a.followersCount ** 0.82),
    favourites: accounts.map((a) => a.favouriteCoins.map((s) => index.get(s)!)),
    topics: accounts.map((a) => byPersona.get(a.persona)!),
    peers: DEMO_COINS.map((coin, i) => {
      const same = DEMO_COINS.flatMap((o, j) => (j !== i && o.topics[0] === coin.topics[0] ? [j] : []));
      return same.length ? same : [0];
    }),
    mentionable: [...accounts]
      .filter((a) => a.network === 'x')
      .sort((a, b) => b.followersCount - a.followersCount)
      .slice(0, 150)
      .map((a) => a.username),
    promoBots: accounts.flatMap((a, i) => (a.promoBot ? [i] : [])),
  };
  models.set(seed, model);
  return model;
}
