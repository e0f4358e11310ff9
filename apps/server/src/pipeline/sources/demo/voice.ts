/**
 * How an account writes: the openers and sign-offs it habitually uses, whether it types in
 * lower case, how often it writes long posts or threads. Drawn once per account, so the same
 * template reads differently from two accounts and one account reads the same over time.
 */
import type { Rng } from './prng';

export interface DemoVoice {
  /** Put before a post now and then ('gm. ', 'ok so ', '【大饼观察】'). */
  openers: string[];
  /** Put after a post now and then (' NFA', '，仅供参考'). */
  closers: string[];
  /** Types in lower case (cashtags and tickers stay as they are). */
  lower: boolean;
  /** Share of posts written long (several sentences, often over 280 characters). */
  longShare: number;
  /** Share of posts that open a thread of 2-5 posts. */
  threadShare: number;
}

const OPENERS_EN = [
  'gm. ',
  'ok so ',
  'quick one: ',
  'PSA: ',
  'thoughts: ',
  'imo ',
  'not advice but ',
  'reminder: ',
  'update: ',
  '📊 ',
  '👀 ',
  'honestly ',
  'hot take: ',
  'ngl ',
  'alright, ',
  'morning. ',
];
const CLOSERS_EN = [
  ' NFA',
  ' DYOR',
  ' 🫡',
  ', we will see',
  ' imo',
  ' (not advice)',
  '. lfg',
  ' ser',
  ' 🙏',
  '. stay safe out there',
  ' 👀',
  '. thoughts?',
  ' 🧠',
  '. noted.',
];
const NEWS_OPENERS_EN = ['JUST IN: ', 'Update: ', '📰 ', 'NEW: ', 'Markets: '];
const OPENERS_ZH = ['兄弟们，', '说两句：', '个人看法：', '提醒一下：', '更新：', '早上好，', '简单说下，'];
const CLOSERS_ZH = [
  '，仅供参考',
  '，不构成投资建议',
  ' 🙏',
  '。共勉',
  '，自己判断',
  '～',
  '，大家怎么看？',
  '，理性看待',
];
const NEWS_OPENERS_ZH = ['【快讯】', '【重磅】', '消息：', '【行情】'];

function pickSome(rng: Rng, from: readonly string[], n: number): string[] {
  const out = new Set<string>();
  for (let guard = 0; out.size < n && guard < 20; guard++) out.add(rng.pick(from));
  return [...out];
}

export function drawVoice(
  rng: Rng,
  who: { lang: 'en' | 'zh'; persona: string; network: string; name: string },
): DemoVoice {
  const zh = who.lang === 'zh';
  const news = who.persona === 'news' || who.persona === 'exchange' || who.persona === 'regulator';
  let openers = news
    ? pickSome(rng, zh ? NEWS_OPENERS_ZH : NEWS_OPENERS_EN, 1)
    : pickSome(rng, zh ? OPENERS_ZH : OPENERS_EN, rng.between(1, 3));
  // A Telegram channel heads its posts with its own name, as such channels do.
  if (who.network === 'telegram')
    openers = [
      `【${who.name
        .replace(/[｜|].*$/, '')
        .slice(0, 10)
        .trim()}】`,
    ];
  // An agency signs what it posts.
  if (who.persona === 'regulator') openers = [`【${who.name}】 `];
  const closers =
    news || who.persona === 'regulator' ? [] : pickSome(rng, zh ? CLOSERS_ZH : CLOSERS_EN, rng.between(1, 3));
  const longShare =
    who.network === 'telegram'
      ? 0.4
      : who.network === 'farcaster'
        ? 0.15
        : who.persona === 'analyst'
          ? 0.2
          : who.persona === 'news' || who.persona === 'builder'
            ? 0.12
            : 0.09;
  const threadShare =
    who.network === 'telegram'
      ? 0
      : who.persona === 'analyst' || who.persona === 'builder'
        ? 0.05
        : who.persona === 'trader'
          ? 0.025
          : 0.008;
  return {
    openers,
    closers,
    lower: !zh && !news && rng.chance(who.persona === 'degen' ? 0.5 : 0.15),
    longShare,
    threadShare,
  };
}
