/**
 * What turns a filled template into a post that reads like its author: the account's voice
 * (openers, sign-offs, lower case), a longer body for the share of posts written at length (more
 * so on Telegram channels), and the later parts of a thread. The extra sentences come from the
 * `detail` bank of the same opinion, so a long bullish post stays bullish throughout.
 */
import type { DemoAccount } from './accounts';
import {
  BANKS,
  type FillContext,
  fill,
  type Lang,
  NEUTRAL,
  type Opinion,
  pickTemplate,
  type Template,
} from './compose';
import type { Rng } from './prng';
import type { DemoVoice } from './voice';

const DETAIL = { en: BANKS.en.get('detail')!, zh: BANKS.zh.get('detail')! };
/** Share of short posts that get one more sentence (the middle of the length distribution). */
const ONE_MORE = 0.35;
const MAX_SENTENCES = 14;

/** A detail sentence whose template is not in `used` (then added to it); '' when none is left. */
function detailSentence(lang: Lang, opinion: Opinion, ctx: FillContext, used?: Set<Template>): string {
  // A quarter neutral: long posts mix the call with levels and context.
  const o = opinion !== NEUTRAL && ctx.rng.chance(0.25) ? NEUTRAL : opinion;
  const t = pickTemplate(DETAIL[lang], o, ctx);
  if (used) {
    if (used.has(t)) return '';
    used.add(t);
  }
  return fill(t, ctx);
}

/** Joins a sentence on, with the punctuation the text needs. */
function join(text: string, next: string, lang: Lang, sep: string): string {
  const last = text.charCodeAt(text.length - 1);
  if (lang === 'zh')
    return text + (last > 0x3000 && !/[。！？）]$/.test(text) ? '。' : sep === '\n' ? '\n' : '') + next;
  const word = (last >= 48 && last <= 57) || (last >= 65 && last <= 90) || (last >= 97 && last <= 122) || last === 37;
  return `${text}${word ? '.' : ''}${sep}${next}`;
}

/** The post itself, sometimes one sentence longer, sometimes written at length. */
export function lengthen(text: string, account: DemoAccount, lang: Lang, opinion: Opinion, ctx: FillContext): string {
  const r = ctx.rng.next();
  // Stablecoins have no price levels or funding to talk about: their posts stay short.
  if (ctx.coin.vol === 0) return text;
  const long = r < account.voice.longShare;
  if (!long && r >= account.voice.longShare + ONE_MORE) return text;
  const sep = account.network === 'telegram' && long ? '\n' : ' ';
  if (!long) return join(text, detailSentence(lang, opinion, ctx), lang, sep);
  const target = lang === 'zh' ? 140 + ctx.rng.int(180) : 285 + ctx.rng.int(320);
  let out = text;
  const used = new Set<Template>();
  for (let i = 0; i < MAX_SENTENCES && out.length < target; i++) {
    const next = detailSentence(lang, opinion, ctx, used);
    if (next) out = join(out, next, lang, sep);
  }
  return out;
}

/** Parts 2..n of a thread: two detail sentences each, numbered as people number threads. */
export function threadParts(n: number, lang: Lang, opinion: Opinion, ctx: FillContext): string[] {
  const parts: string[] = [];
  for (let i = 2; i <= n; i++) {
    const used = new Set<Template>();
    const first = detailSentence(lang, opinion, ctx, used);
    const second = detailSentence(lang, opinion, ctx, used);
    const body = second ? join(first, second, lang, ' ') : first;
    parts.push(lang === 'zh' ? `${body}（${i}/${n}）` : `${i}/${n} ${body}`);
  }
  return parts;
}

const LOWER_CAPITALISED = /\b([A-Z])([a-z])/g;

/** The account's habits: an opener, a sign-off, lower case. */
export function withVoice(text: string, voice: DemoVoice, lang: Lang, rng: Rng): string {
  let out = text;
  const opener = voice.openers.length ? voice.openers[rng.int(voice.openers.length)]! : '';
  if (opener && rng.chance(opener.startsWith('【') ? 0.8 : 0.25) && !out.startsWith('@')) {
    // 'ok so ' runs on into the sentence: its first word loses the capital.
    out = opener + (/[a-z,] $/.test(opener) ? out.charAt(0).toLowerCase() + out.slice(1) : out);
  }
  if (voice.closers.length && rng.chance(0.3)) {
    const closer = voice.closers[rng.int(voice.closers.length)]!;
    out = lang === 'zh' || /[\p{L}\d%]$/u.test(out) ? out + closer : `${out}${closer.replace(/^[.,] ?/, ' ')}`;
  }
  if (voice.lower) out = out.replace(LOWER_CAPITALISED, (_, a: string, b: string) => a.toLowerCase() + b);
  return out;
}
