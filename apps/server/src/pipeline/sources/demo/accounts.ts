/**
 * The demo population: about 2,000 invented KOL accounts with power-law follower counts, a share
 * of blue and gold (business) badges, a quarter of them Chinese-speaking, each with habits
 * (favourite coins, bullish or bearish lean, posting rate) and a voice (voice.ts). Most are on X;
 * some are Telegram channels (mostly Chinese, subscribers as followers) or Farcaster accounts,
 * a few persons have accounts on two networks that link to each other, and a handful of shill
 * bots post only copy-paste promotions. A pure function of the seed.
 */
import type { Network } from '@kolscope/contract';
import type { RawAuthor, VerifiedType } from '../../types';
import { DEMO_COINS } from './coins';
import { hash32, Rng, weightedSample } from './prng';
import { type DemoVoice, drawVoice } from './voice';

export type DemoPersona = 'trader' | 'analyst' | 'degen' | 'builder' | 'news' | 'exchange' | 'regulator';

export interface DemoAccount extends RawAuthor {
  lang: 'en' | 'zh';
  persona: DemoPersona;
  /** Symbols this account keeps coming back to. */
  favouriteCoins: string[];
  /** Lean: > 0 bullish, < 0 bearish, roughly -1..1. */
  bias: number;
  /** Relative posting rate (0 for the promo bots: they post only their copy-paste clusters). */
  activity: number;
  network: Network;
  voice: DemoVoice;
  /** A shill bot that posts the same promotion as its peers (see generate.ts). */
  promoBot: boolean;
}

export const DEFAULT_DEMO_SEED = 1;
export const DEMO_ACCOUNT_COUNT = 2000;
const BUSINESS = 40; // 2%: news outlets, exchanges, projects (gold badge)
const GOVERNMENT = 2;
const BLUE = 300; // 15%
const ZH_SHARE = 0.25;

/** The icon URL the server answers with a generated SVG (see svg.ts); ids may hold ':' and '/'. */
export const demoAvatarUrl = (id: string) => `/demo-media/avatar/${encodeURIComponent(id)}.svg`;

const TELEGRAM_SHARE = { en: 0.05, zh: 0.22 };
const FARCASTER_SHARE = 0.07;
/** Persons with an X account and a Telegram channel / a Farcaster account, linked both ways. */
const TWINS = { telegram: 12, farcaster: 8 };
const PROMO_BOTS = [
  'gem_alerts_247',
  'moonshot_calls',
  'x100_signals',
  'presale_hunter',
  'whalealerts_vip',
  'altgems_daily',
  'pump_radar_bot',
  'crypto_calls_99',
  'next100x_alpha',
  'degen_signals_',
];

// Handles and names are stitched from parts so they read like real crypto handles.
const EN_A =
  'satoshi chart crypto defi moon whale alpha degen ape block chain onchain macro sats gwei pump hodl wagmi candle fib delta gamma yield ledger hash node zk layer based bull bear pixel quant tape flow vol perp basis beta lambda orbit'.split(
    ' ',
  );
const EN_B =
  'sam wizard hunter trader capital labs max queen guy monk ninja analyst research bro king whisperer maxi sensei cat fox wolf owl panda pilot chad jack lee kim nina zoe leo mia ryan alex nick lisa dan ivy'.split(
    ' ',
  );
const EN_TAG = [' 🐋', ' | onchain', ' 🦇🔊', '.eth', ' (NFA)', ' 📈', '.sol', ' | macro', ' 🧙‍♂️', ''];
const ZH_USER_A =
  'laowang xiaoli ajie dabing bitejiang biquan lianshang jiucai yitai dongge xiaomei awei haige laomao bige xiaobai chenge laozhou dazhuang tuzi'.split(
    ' ',
  );
const ZH_USER_B = ['_btc', '_crypto', '888', '_eth', '2021', '_web3', '_cn', '168', '_sol', ''];
const ZH_NAME_A = '币圈 链上 加密 大饼 以太 合约 撸毛 韭菜 Web3 山寨 土狗 Alpha 二级 趋势 现货 波段'.split(' ');
const ZH_NAME_B = '老王 阿杰 小李 侦探 观察员 研究员 猎人 哥 姐 老猫 日记 笔记 小白 大叔 少年 船长'.split(' ');
const ZH_NAME_TAG = ['', '', '', '🐂', '｜长期主义', ' BTC', '｜不构成投资建议', '🚀'];
const ORG_A =
  'Block Chain Coin Crypto Ledger Hash Token Nimbus Orbit Vertex Meridian Polar Atlas Summit Harbor Delta'.split(' ');
const ORG_B = [
  ['Wire', 'news'],
  ['Daily', 'news'],
  ['Insights', 'news'],
  ['Research', 'news'],
  ['Pulse', 'news'],
  ['Digest', 'news'],
  ['Exchange', 'exchange'],
  ['Markets', 'exchange'],
  ['Labs', 'builder'],
  ['Protocol', 'builder'],
] as const;
const ZH_ORG = ['链上快讯', '加密日报', '区块观察', '币市早报', '链闻速递', '数字资产研究院', '币圈头条', '链上数据站'];
const GOV = [
  ['Digital Markets Authority', 'dma_gov'],
  ['Office of Virtual Asset Supervision', 'ovas_gov'],
] as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function enHandle(rng: Rng): [string, string] {
  const a = rng.pick(EN_A);
  const b = rng.pick(EN_B);
  switch (rng.int(5)) {
    case 0:
      return [`${a}_${b}`, `${cap(a)} ${cap(b)}${rng.pick(EN_TAG)}`];
    case 1:
      return [`${a}${cap(b)}`, `${cap(b)}${rng.pick(EN_TAG)}`];
    case 2:
      return [`${b}_${a}`, `${cap(b)} | ${cap(a)}`];
    case 3:
      return [`${a}_${b}_${rng.between(2, 99)}`, `${cap(a)} ${cap(b)}`];
    default:
      return [`the${cap(a)}${cap(b)}`, `The ${cap(a)} ${cap(b)}`];
  }
}

const shortHandle = (h: string) => h.slice(0, 15).replace(/_$/, '');

/** Followers: stratified Pareto (alpha 0.65, minimum 500) with the top compressed to under ~10M. */
function followerCounts(rng: Rng, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = (i + rng.next()) / n;
    let f = 500 * u ** (-1 / 0.65);
    if (f > 2e6) f = 2e6 * (f / 2e6) ** 0.25;
    out.push(Math.round(f));
  }
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const cache = new Map<number, DemoAccount[]>();

/** The population for a seed; cached, so treat the result as read-only. */
export function demoAccounts(seed: number): DemoAccount[] {
  const hit = cache.get(seed);
  if (hit) return hit;
  const n = DEMO_ACCOUNT_COUNT;
  const rng = new Rng(hash32(seed, 0x0acc));
  const followers = followerCounts(rng, n);
  const reach = followers.map((f) => Math.log10(f));
  // Exact badge counts, handed out with a lean toward bigger accounts, as on X.
  const business = new Set(
    weightedSample(
      reach.map((r) => r ** 3),
      BUSINESS,
      rng,
    ),
  );
  const government = new Set(
    weightedSample(
      reach.map((r) => (r > 4.5 ? 1 : 0)),
      GOVERNMENT,
      rng,
      business,
    ),
  );
  const taken = new Set([...business, ...government]);
  const blue = new Set(
    weightedSample(
      reach.map((r) => r ** 2),
      BLUE,
      rng,
      taken,
    ),
  );
  const idPrefix = String(hash32(seed, 0x1d) % 1e6).padStart(6, '0');
  /** Lower-cased: handles are unique regardless of case, as on every network. */
  const usernames = new Set<string>();
  const coinCum: number[] = [];
  // Nobody's favourite coin is a stablecoin.
  for (const coin of DEMO_COINS) coinCum.push((coinCum.at(-1) ?? 0) + (coin.symbol.startsWith('USD') ? 0 : coin.pop));
  const pickCoin = () => {
    const t = rng.next() * coinCum[coinCum.length - 1]!;
    return DEMO_COINS[coinCum.findIndex((x) => x > t)]!.symbol;
  };

  const accounts: DemoAccount[] = [];
  let govSeen = 0;
  for (let i = 0; i < n; i++) {
    const verifiedType: VerifiedType = business.has(i)
      ? 'business'
      : government.has(i)
        ? 'government'
        : blue.has(i)
          ? 'blue'
          : 'none';
    const lang: 'en' | 'zh' = verifiedType !== 'government' && rng.chance(ZH_SHARE) ? 'zh' : 'en';
    let persona: DemoPersona;
    let username: string;
    let name: string;
    if (verifiedType === 'government') {
      const [gName, gUser] = GOV[govSeen++ % GOV.length]!;
      [name, username, persona] = [gName, gUser, 'regulator'];
    } else if (verifiedType === 'business') {
      const [suffix, kind] = rng.pick(ORG_B);
      const a = rng.pick(ORG_A);
      persona = kind;
      name = lang === 'zh' && kind === 'news' ? rng.pick(ZH_ORG) : `${a} ${suffix}`;
      username = shortHandle(`${a}${suffix}`.toLowerCase() + (lang === 'zh' ? '_cn' : ''));
    } else {
      const r = rng.next();
      persona = r < 0.35 ? 'trader' : r < 0.55 ? 'analyst' : r < 0.8 ? 'degen' : r < 0.9 ? 'builder' : 'news';
      if (lang === 'zh') {
        username = rng.pick(ZH_USER_A) + rng.pick(ZH_USER_B);
        name = rng.pick(ZH_NAME_A) + rng.pick(ZH_NAME_B) + rng.pick(ZH_NAME_TAG);
      } else [username, name] = enHandle(rng);
      username = shortHandle(username);
    }
    while (usernames.has(username.toLowerCase())) username = `${username.slice(0, 11)}${rng.between(1, 9999)}`;
    usernames.add(username.toLowerCase());

    const favourites = new Set<string>();
    if (persona === 'degen') favourites.add(rng.pick(['PEPE', 'WIF', 'BONK', 'DOGE', 'SHIB']));
    const want = persona === 'news' || persona === 'regulator' ? 2 : rng.between(2, 4);
    for (let guard = 0; favourites.size < want && guard < 50; guard++) favourites.add(pickCoin());

    const personaLean = persona === 'degen' ? 0.35 : persona === 'analyst' ? -0.1 : 0;
    const personaRate =
      persona === 'news'
        ? 4
        : persona === 'exchange'
          ? 2
          : persona === 'regulator'
            ? 0.15
            : persona === 'degen'
              ? 1.5
              : 1;
    // 19 digits starting with 8: above any X id issued before ~2070, below the int64 limit.
    let id = `8${idPrefix}${String(i).padStart(4, '0')}${String(hash32(seed, i, 7) % 1e8).padStart(8, '0')}`;
    // Networks come from their own generator, so the draws above stay as they were.
    const side = new Rng(hash32(seed, i, 0x7e7));
    let network: Network = 'x';
    if (verifiedType === 'none' || verifiedType === 'blue') {
      if (side.chance(TELEGRAM_SHARE[lang])) network = 'telegram';
      else if (lang === 'en' && side.chance(FARCASTER_SHARE)) network = 'farcaster';
    }
    if (network === 'telegram') {
      usernames.delete(username.toLowerCase());
      username = `${username.toLowerCase()}${side.pick(['', '_channel', 'club', '_news', '_signals'])}`.padEnd(5, '0');
      while (usernames.has(username)) username = `${username.slice(0, 24)}${side.between(1, 99)}`;
      usernames.add(username);
      if (lang === 'zh') name = `${name.replace(/[｜|].*$/, '')}${side.pick(['频道', '', '·电报'])}`;
      id = `tg:${username}`;
    } else if (network === 'farcaster') {
      usernames.delete(username.toLowerCase());
      username = `${username.toLowerCase().replace(/_/g, '')}${side.chance(0.6) ? '.eth' : ''}`;
      while (usernames.has(username)) username = `${side.between(1, 99)}${username}`;
      usernames.add(username);
      // Unique by construction: one block of 400 fids per account index.
      id = `fc:${10_000 + i * 400 + (hash32(seed, i, 0xfc) % 400)}`;
    }
    accounts.push({
      id,
      username,
      name,
      icon: demoAvatarUrl(id),
      followersCount: followers[i]!,
      isBlueVerified: verifiedType !== 'none',
      verifiedType,
      lang,
      persona,
      favouriteCoins: [...favourites],
      bias: Math.max(-1.2, Math.min(1.2, 0.12 + personaLean + 0.5 * rng.gauss())),
      activity: Math.exp(0.9 * rng.gauss()) * personaRate * (followers[i]! / 500) ** 0.08,
      network,
      voice: drawVoice(side, { lang, persona, network, name }),
      promoBot: false,
    });
  }
  linkTwins(accounts, seed);
  makePromoBots(accounts, usernames);
  cache.set(seed, accounts);
  return accounts;
}

/** The profile page of an account, for the links of its twin on another network. */
function profileUrl(a: DemoAccount): string {
  if (a.network === 'telegram') return `https://t.me/${a.username}`;
  if (a.network === 'farcaster') return `https://warpcast.com/${a.username}`;
  return `https://x.com/${a.username}`;
}

/**
 * Turns a few X accounts into the same person as a Telegram channel or a Farcaster account: same
 * name, coins and lean, and each lists the other in its links and bio, as real KOLs do.
 */
function linkTwins(accounts: DemoAccount[], seed: number): void {
  const used = new Set<number>();
  for (const network of ['telegram', 'farcaster'] as const) {
    const others = accounts.filter((a) => a.network === network).slice(0, TWINS[network]);
    for (const other of others) {
      // The X twin: the next plain X account of the same language after a hashed start.
      const start = hash32(seed, accounts.indexOf(other), 0x7a1) % accounts.length;
      let x: DemoAccount | undefined;
      for (let k = 0; k < accounts.length && !x; k++) {
        const j = (start + k) % accounts.length;
        const a = accounts[j]!;
        if (
          a.network === 'x' &&
          a.lang === other.lang &&
          a.verifiedType !== 'business' &&
          a.verifiedType !== 'government' &&
          !used.has(j)
        ) {
          used.add(j);
          x = a;
        }
      }
      if (!x) continue;
      x.name = other.name.replace(/(频道|·电报)$/, '');
      other.favouriteCoins = x.favouriteCoins;
      other.bias = x.bias;
      other.persona = x.persona;
      x.links = [profileUrl(other)];
      other.links = [profileUrl(x)];
      const where = network === 'telegram' ? 'Telegram' : 'Farcaster';
      x.bio =
        x.lang === 'zh'
          ? `${where}：${profileUrl(other).replace('https://', '')}`
          : `Also on ${where}: ${profileUrl(other).replace('https://', '')}`;
      other.bio = other.lang === 'zh' ? `推特：${profileUrl(x).replace('https://', '')}` : `On X: @${x.username}`;
    }
  }
}

/** Small plain X accounts renamed into obvious shill bots that post nothing but promotions. */
function makePromoBots(accounts: DemoAccount[], usernames: Set<string>): void {
  const small = accounts.filter(
    (a) => a.network === 'x' && a.lang === 'en' && a.verifiedType === 'none' && !a.links && a.followersCount < 3000,
  );
  PROMO_BOTS.forEach((handle, k) => {
    const a = small[k * 7];
    if (!a || usernames.has(handle)) return;
    usernames.delete(a.username.toLowerCase());
    usernames.add(handle);
    a.username = handle;
    a.name = `${handle
      .replace(/_+$/, '')
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')} 💎🚀`;
    a.bio = '🚀 Daily 100x gems | VIP signals | DM for promo';
    a.promoBot = true;
    a.activity = 0;
  });
}
