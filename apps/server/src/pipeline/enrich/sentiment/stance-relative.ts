/**
 * Relative statements between two coins, which lean them opposite ways: an A/B pair moving
 * ("ETH/BTC breaking down"), a rotation ("out of A into B", "sold A to buy B", "A → B", "把A换成B"),
 * a comparison ("A outperforming B", "A > B", "A flipping B", "A跑输B", "A反超B") and a pair
 * trade ("long A, short B").
 * The patterns run over the text with each coin name replaced by a numbered placeholder, so they
 * read as plain regular expressions over words. A match inside a question is no statement.
 */
import type { Mention, Segment } from './stance-segments';

export interface RelativeReading {
  symbol: string;
  /** +1 the statement favours the coin, -1 it disfavours it (times the mood of `mood`, if set). */
  lean: 1 | -1;
  /** Segments (indices) the statement came from: they say nothing more about this coin. */
  segments: number[];
  /** A pair's segment: the direction is this segment's mood (bullish +1, neutral 0, bearish -1). */
  mood?: number;
}

const C = '⟦(\\d+)⟧';
/** Up to 40 characters inside one sentence, past no other coin. */
const GAP = '[^⟦.!?。！？;；\\n]{0,40}?';
/** A few words between a verb and its coin ("sold some of my SOL"). */
const WORDS = '(?:[a-z]+\\s+){0,3}?';
const BE = '(?:\\s+(?:is|are|was|looks?|keeps?|still|just|has been|been|been)){0,3}';
const ZH_GAP = '[^⟦。！？，,]{0,6}?';

/** Patterns whose first coin is favoured over the second ('up') or the reverse ('down'). */
const PATTERNS: readonly { re: RegExp; first: 1 | -1 }[] = [
  {
    // Rotation: out of A into B, sold A to buy B, swapped A for B, moved my A stack into B.
    re: new RegExp(
      `\\b(?:out of|from|sold|sell|sells|selling|dump(?:ed|ing|s)?|swap(?:ped|ping|s)?|trim(?:med|ming|s)?|` +
        `rotat(?:e|ed|es|ing)|mov(?:e|ed|es|ing)|switch(?:ed|es|ing)?|trad(?:e|ed|es|ing))\\s+${WORDS}${C}${GAP}` +
        `\\b(?:into|in to|to buy|and buy|and bought|buy|bought|for|to)\\s+(?:[a-z]+\\s+){0,2}?${C}`,
      'g',
    ),
    first: -1,
  },
  { re: new RegExp(`${C}\\s*(?:->|=>|→|➡️?|⟶)\\s*${C}`, 'gu'), first: -1 },
  {
    re: new RegExp(
      `${C}${BE}\\s*(?:>+|outperform(?:s|ed|ing)?|beat(?:s|ing)?|stronger than|better than|over)\\s+${C}`,
      'g',
    ),
    first: 1,
  },
  {
    re: new RegExp(
      `${C}${BE}\\s*(?:<+|underperform(?:s|ed|ing)?|weaker than|worse than|lag(?:s|ged|ging)?(?: behind)?|trail(?:s|ed|ing)?)\\s+${C}`,
      'g',
    ),
    first: -1,
  },
  {
    // A flipping B: A overtakes B ("$SHIB flipping Pepe soon", "ETH will flip BTC", "the SOL/ETH flippening").
    re: new RegExp(
      `${C}${BE}\\s*(?:(?:will|gonna|going to|about to|set to|could)\\s+)?(?:flip(?:s|ped|ping)?|flippen(?:s|ing)?)\\s+${C}`,
      'g',
    ),
    first: 1,
  },
  { re: new RegExp(`\\blong\\s+${C}${GAP}\\bshort\\s+${C}`, 'g'), first: 1 },
  { re: new RegExp(`\\bshort\\s+${C}${GAP}\\blong\\s+${C}`, 'g'), first: -1 },
  {
    re: new RegExp(
      `(?:从|把|卖了?|卖掉|卖出|清仓|割了?)\\s*${ZH_GAP}${C}[^⟦。！？]{0,8}?` +
        `(?:换成|换到|换仓到|换仓|调仓到|调仓|转到|转成|转入|换|买入|买了|买|梭哈)\\s*(?:了|成|入|到|进)?\\s*${C}`,
      'g',
    ),
    first: -1,
  },
  { re: new RegExp(`${C}${ZH_GAP}(?:跑赢|强于|好于|优于|吊打|完爆|碾压|反超|超越|超过)\\s*${C}`, 'g'), first: 1 },
  { re: new RegExp(`${C}${ZH_GAP}(?:跑输|弱于|不如|差于|落后于?)\\s*${C}`, 'g'), first: -1 },
  { re: new RegExp(`做多\\s*${C}[^⟦。！？]{0,6}?做空\\s*${C}`, 'g'), first: 1 },
  { re: new RegExp(`做空\\s*${C}[^⟦。！？]{0,6}?做多\\s*${C}`, 'g'), first: -1 },
];
/** An A/B pair: its direction is the mood of the clause it stands in. */
const PAIR_RE = new RegExp(`${C}\\s*/\\s*${C}`, 'g');
const PAIR_LONG = /(?:\blong|\bbuy(?:ing)?|\bbid|做多|买入?)\s*$/;
const PAIR_SHORT = /(?:\bshort|\bsell(?:ing)?|做空|卖出?)\s*$/;

/** The text in lower case with the i-th mention replaced by ⟦i⟧. */
function placeholders(text: string, mentions: readonly Mention[]): string {
  let out = '';
  let at = 0;
  mentions.forEach((m, i) => {
    out += `${text.slice(at, m.start).toLowerCase()}⟦${i}⟧`;
    at = m.end;
  });
  return out + text.slice(at).toLowerCase();
}

/** Whether the sentence around a match is a question ('?' before its end, or 吗/呢 at it). */
function inQuestion(s: string, end: number): boolean {
  const rest = /^[^.!。！\n]*/.exec(s.slice(end))![0];
  return /[?？]|[吗呢]\s*$/.test(rest);
}

export function relativeReadings(
  text: string,
  mentions: readonly Mention[],
  segments: readonly Segment[],
): RelativeReading[] {
  if (mentions.length < 2) return [];
  const s = placeholders(text, mentions);
  const segOf = (i: number) => {
    const at = mentions[i]!.start;
    const k = segments.findIndex((g) => at >= g.start && at < g.end);
    return k < 0 ? [] : [k];
  };
  const out: RelativeReading[] = [];
  const add = (a: number, b: number, first: 1 | -1, mood?: number) => {
    if (mentions[a]!.symbol === mentions[b]!.symbol) return;
    out.push({ symbol: mentions[a]!.symbol, lean: first, segments: segOf(a), mood });
    out.push({ symbol: mentions[b]!.symbol, lean: first === 1 ? -1 : 1, segments: segOf(b), mood });
  };
  for (const { re, first } of PATTERNS) {
    for (const m of s.matchAll(re)) {
      if (!inQuestion(s, m.index + m[0].length)) add(Number(m[1]), Number(m[2]), first);
    }
  }
  for (const m of s.matchAll(PAIR_RE)) {
    const a = Number(m[1]);
    const k = segOf(a)[0];
    if (k === undefined || inQuestion(s, m.index + m[0].length)) continue;
    // A position on the pair ('long SOL/ETH', '做空ETH/BTC') says which way; else the clause's mood.
    const before = s.slice(Math.max(0, m.index - 12), m.index);
    if (PAIR_LONG.test(before)) add(a, Number(m[2]), 1);
    else if (PAIR_SHORT.test(before)) add(a, Number(m[2]), -1);
    else add(a, Number(m[2]), 1, k);
  }
  return out;
}
