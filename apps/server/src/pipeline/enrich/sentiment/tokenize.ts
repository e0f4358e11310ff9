/**
 * The tokeniser of the built-in classifier: one regex pass turns a post into words, values
 * (emoji, emoticons, Chinese terms already negated or intensified in place), numbers and
 * punctuation that matters (sentence ends, questions, exclamations, contrast words, and clause
 * breaks: commas, colons, brackets and free-standing dashes; a hyphen inside 'sell-off' joins).
 */
import { CONTRAST_ZH, LEXICON, ZH_INTENSIFIERS, ZH_NEGATORS } from './lexicon';

/** Token kinds; plain numbers keep the hot loop free of string compares. */
export const K = { Word: 0, Value: 1, Num: 2, Stop: 3, Question: 4, Exclaim: 5, Contrast: 6, Comma: 7 } as const;
export type Kind = (typeof K)[keyof typeof K];

export interface Token {
  k: Kind;
  /** Lower-case text (words), the cue (values) or the raw number text. */
  t: string;
  /** Valence of a Value token (emoji, Chinese term, emoticon), already negated/intensified. */
  v: number;
  caps: boolean;
}

// Order matters: URLs before words, emoticons before sentence punctuation.
const TOKEN_RE =
  /(https?:\/\/\S+|www\.\S+)|(@\w+)|(\$[A-Za-z][A-Za-z0-9]*)|([+-]?\$?\d[\d,.]*[kKmMbB]?%?)|#(\w+)|([A-Za-z][A-Za-z'’]*)|([\u3400-\u9fff]+)|(\p{Extended_Pictographic}|[↑↓])|([:;]-?[)(DP](?![A-Za-z]))|([!！]+)|([?？]+)|([.;。；\n]+)|([,，:()–—]|(?<=\s)-(?=\s))/gu;
const CAMEL_RE = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g;
const EMOTICONS: Record<string, number> = {
  ':)': 1.5,
  ':-)': 1.5,
  ';)': 1,
  ':D': 2,
  ':(': -1.5,
  ':-(': -1.5,
  ':P': 0.5,
};
/** Strong terms that keep their meaning glued to a coin name in a hashtag (#btcmoon, #cryptocrash). */
const HASHTAG_SUFFIXES = [
  'moon',
  'tothemoon',
  'pump',
  'bullrun',
  'bullish',
  'crash',
  'dump',
  'bearish',
  'scam',
  'rekt',
];
const ZH_NEG2 = new Set([
  '不会',
  '不是',
  '不要',
  '不能',
  '没有',
  '并不',
  '不再',
  '不太',
  '别再',
  // 没能站上, 未能突破, 无法企稳: failing to do the bullish thing.
  '没能',
  '未能',
  '无法',
  '难以',
]);
/** An A-not-A question (会不会破位, 是不是见顶, 能不能突破) asks; its 不 negates nothing. */
const A_NOT_A = /(.)不\1$/;

function pushWord(out: Token[], raw: string): void {
  const t = raw.replace(/’/g, "'");
  out.push({ k: K.Word, t: t.toLowerCase(), v: 0, caps: t.length >= 3 && t === t.toUpperCase() });
}

/** Scans a run of Chinese characters for lexicon terms, longest first, with local modifiers. */
function scanChinese(out: Token[], run: string): void {
  const { zh, zhMaxLen } = LEXICON;
  let i = 0;
  while (i < run.length) {
    const contrast = CONTRAST_ZH.find((c) => run.startsWith(c, i));
    if (contrast) {
      out.push({ k: K.Contrast, t: contrast, v: 0, caps: false });
      i += contrast.length;
      continue;
    }
    let len = Math.min(zhMaxLen, run.length - i);
    for (; len > 0; len--) if (zh.has(run.substr(i, len))) break;
    if (len === 0) {
      i++;
      continue;
    }
    const term = run.substr(i, len);
    let v = zh.get(term)!;
    let cue = term;
    const before1 = run[i - 1] ?? '';
    const before2 = run.substr(Math.max(0, i - 2), Math.min(2, i));
    const asks = i >= 3 && A_NOT_A.test(run.substr(i - 3, 3));
    if (asks) {
      if (!out.some((t) => t.k === K.Question)) out.push({ k: K.Question, t: '?', v: 0, caps: false });
    } else if (ZH_NEGATORS.has(before1) || ZH_NEG2.has(before2)) {
      v *= -0.7;
      cue = `negated:${term}`;
    } else {
      v *= ZH_INTENSIFIERS.get(before2) ?? ZH_INTENSIFIERS.get(before1) ?? 1;
    }
    if (v !== 0) out.push({ k: K.Value, t: cue, v, caps: false });
    i += len;
  }
  // 吗/呢 end a Chinese yes/no or open question, like a '?'.
  const last = run[run.length - 1];
  if (last === '吗' || last === '呢') out.push({ k: K.Question, t: '?', v: 0, caps: false });
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const seenEmoji = new Map<number, number>();
  for (const m of text.matchAll(TOKEN_RE)) {
    if (m[1] || m[2] || m[3]) continue; // URLs, mentions and cashtags name things; they carry no mood.
    if (m[4]) out.push({ k: K.Num, t: m[4], v: 0, caps: false });
    else if (m[5]) {
      // #BitcoinCrash reads as 'bitcoin crash'; #cryptocrash too, via the suffix.
      const parts = m[5].match(CAMEL_RE) ?? [];
      const tag = m[5].toLowerCase();
      const suffix = parts.length === 1 && !LEXICON.words.has(tag) && HASHTAG_SUFFIXES.find((s) => tag.endsWith(s));
      if (suffix) out.push({ k: K.Word, t: suffix, v: 0, caps: false });
      else for (const part of parts) pushWord(out, part);
    } else if (m[6]) pushWord(out, m[6]);
    else if (m[7]) scanChinese(out, m[7]);
    else if (m[8]) {
      const cp = m[8].codePointAt(0)!;
      const v = LEXICON.emoji.get(cp);
      if (v === undefined) continue;
      // A row of the same emoji is one statement, not ten: repeats add a little.
      const n = seenEmoji.get(cp) ?? 0;
      seenEmoji.set(cp, n + 1);
      out.push({ k: K.Value, t: m[8], v: n === 0 ? v : v * 0.2, caps: false });
    } else if (m[9]) out.push({ k: K.Value, t: m[9], v: EMOTICONS[m[9]] ?? 0, caps: false });
    else if (m[10]) out.push({ k: K.Exclaim, t: '!', v: m[10].length, caps: false });
    else if (m[11]) out.push({ k: K.Question, t: '?', v: 0, caps: false });
    else if (m[12]) out.push({ k: K.Stop, t: '.', v: 0, caps: false });
    else out.push({ k: K.Comma, t: ',', v: 0, caps: false });
  }
  return out;
}
