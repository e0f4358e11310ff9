/**
 * Scoring rules of the built-in classifier: the lexicon and the modifier rules (negation,
 * intensity, contrast, questions, capitals, exclamation, percentages, price targets and levels,
 * multiples, buying dips and selling rips, sarcasm, data and signal posts) over the tokens.
 * Synchronous and allocation-light: the budget is well under 0.1 ms a post.
 */
import { CONTRAST_EN, DAMPENERS, INTENSIFIERS, LEXICON, NEGATORS } from './lexicon';
import {
  BROADCAST_RE,
  BUY_VERBS,
  DIP_REACH,
  DIP_WORDS,
  DOWN_WORDS,
  FAIL_WORDS,
  LEVERAGE_WORDS,
  LIKE_SUBJECTS,
  NEG_TRANSPARENT,
  PRICE_RE,
  RIP_WORDS,
  SARCASM_RE,
  SELL_VERBS,
  SIGNAL_RE,
  TARGET_WORDS,
  UP_WORDS,
  ZERO_LEADS,
} from './rule-words';
import { K, tokenize } from './tokenize';

export { tokenize } from './tokenize';

/** 'dipp' → 'dip', 'stopp' → 'stop': the doubled consonant of 'dipped', 'stopping'. */
function undoubled(stem: string): number | undefined {
  const n = stem.length;
  return n >= 3 && stem[n - 1] === stem[n - 2] ? LEXICON.words.get(stem.slice(0, -1)) : undefined;
}

/** Finds a word's weight, trying a few regular English endings when the form itself is unknown. */
function wordWeight(w: string): number | undefined {
  const words = LEXICON.words;
  const direct = words.get(w);
  if (direct !== undefined || w.length < 4) return direct;
  if (/(.)\1\1/.test(w)) return words.get(w.replace(/(.)\1+/g, '$1$1')) ?? words.get(w.replace(/(.)\1+/g, '$1'));
  if (w.endsWith('ies') || w.endsWith('ied')) return words.get(`${w.slice(0, -3)}y`);
  if (w.endsWith('s')) return words.get(w.slice(0, -1)) ?? (w.endsWith('es') ? words.get(w.slice(0, -2)) : undefined);
  if (w.endsWith('ed')) return words.get(w.slice(0, -2)) ?? words.get(w.slice(0, -1)) ?? undoubled(w.slice(0, -2));
  if (w.endsWith('ing'))
    return words.get(w.slice(0, -3)) ?? words.get(`${w.slice(0, -3)}e`) ?? undoubled(w.slice(0, -3));
  if (w.endsWith('ly'))
    return words.get(w.slice(0, -2)) ?? (w.endsWith('ily') ? words.get(`${w.slice(0, -3)}y`) : undefined);
  return undefined;
}

export interface Contribution {
  cue: string;
  value: number;
}

export interface Analysis {
  /** Unbounded sum of the weighted contributions. */
  raw: number;
  items: Contribution[];
  /** Rules that changed the outcome, as cues ('rule:contrast', 'rule:question', ...). */
  rules: string[];
  /** Links, hashtag lists or data: a broadcast (news, promo, bot) rather than a personal opinion. */
  broadcast: boolean;
}

/**
 * Scores a post. Weights before the last contrast word count half, after it one and a half
 * (VADER's 'but' rule); the factors here were set on the development half A only.
 */
export function analyse(text: string): Analysis {
  const tokens = tokenize(text);
  const hasLower = /[a-z]/.test(text);
  const items: (Contribution & { clause: number; sentence: number })[] = [];
  const questions = new Set<number>();
  let clause = 0;
  let sentence = 0;
  let negLeft = 0; // words still under a negator
  let modLeft = 0; // words still under an intensifier or dampener
  let mod = 1;
  let exclaims = 0;
  let caps = false;
  let words = 0;
  let numbers = 0;
  let lastBuy = -9; // word count at the last buying verb
  let lastSell = -9;
  let lastValued = -9; // word count at the last word that carried a weight
  const add = (cue: string, value: number) => items.push({ cue, value, clause, sentence });

  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    switch (tok.k) {
      case K.Stop:
      case K.Exclaim:
      case K.Question:
        if (tok.k === K.Exclaim) exclaims += tok.v;
        if (tok.k === K.Question) questions.add(sentence);
        sentence++;
        negLeft = 0;
        modLeft = 0;
        lastBuy = -9;
        lastSell = -9;
        continue;
      case K.Comma:
        // 'No, it is a scam', 'not an investment - a casino': a negator stops at a clause break.
        negLeft = 0;
        continue;
      case K.Contrast:
        clause++;
        negLeft = 0;
        continue;
      case K.Value:
        add(tok.t, tok.v);
        continue;
      case K.Num: {
        numbers++;
        const prev = tokens[i - 1];
        const prevWord = prev?.k === K.Word ? prev.t : '';
        // 'going to 0', 'worth $0': the classic death call.
        if (/^\$?0(\.0*)?$/.test(tok.t) && ZERO_LEADS.has(prevWord)) add('rule:to-zero', -2);
        // 'back above 30k' / 'slipped below $20,000': where the price stands against a level.
        else if (PRICE_RE.test(tok.t)) {
          if (prevWord === 'above' || prevWord === 'over') add('rule:above-level', 0.8);
          else if (prevWord === 'below' || prevWord === 'under') add('rule:below-level', -0.8);
        }
        const next = tokens[i + 1];
        if (next?.t === 'x' && !LEVERAGE_WORDS.has(tokens[i + 2]?.t ?? '') && !LEVERAGE_WORDS.has(prevWord)) {
          add('rule:multiple', 1.2);
        }
        if (tok.t.endsWith('%')) {
          if (tok.t[0] === '+' || UP_WORDS.has(prevWord)) add('rule:pct-up', 1.2);
          else if (tok.t[0] === '-' || DOWN_WORDS.has(prevWord)) add('rule:pct-down', -1.2);
        }
        continue;
      }
      case K.Word:
        break;
    }
    words++;
    const w = tok.t;
    if (CONTRAST_EN.has(w)) {
      clause++;
      negLeft = 0;
      continue;
    }
    if (BUY_VERBS.has(w)) lastBuy = words;
    else if (SELL_VERBS.has(w)) lastSell = words;
    else if (DIP_WORDS.has(w) && words - lastBuy <= DIP_REACH) {
      add('rule:buy-the-dip', 1.5);
      continue;
    } else if (RIP_WORDS.has(w) && words - lastSell <= DIP_REACH) {
      add('rule:sell-the-rip', -1.5);
      continue;
    }
    // 'bullish af', 'risky as hell': slang intensifiers come after the word they boost.
    if ((w === 'af' || w === 'asf') && lastValued === words - 1) {
      items[items.length - 1]!.value *= 1.4;
      continue;
    }
    // 'too volatile to be useful': the 'too ... to' frame denies what follows 'to'.
    if (w === 'to' && tokens[i - 2]?.t === 'too') {
      negLeft = 3;
      continue;
    }
    if (FAIL_WORDS.has(w) && tokens[i + 1]?.t === 'to') {
      negLeft = 3;
      i++;
      continue;
    }
    // Phrases first, so 'not financial advice' or 'support lost' win over their single words.
    let value: number | undefined;
    let cue = w;
    let span = 1;
    const candidates = LEXICON.phrases.get(w);
    if (candidates) {
      for (const p of candidates) {
        let ok = true;
        for (let j = 1; j < p.tokens.length && ok; j++) {
          const t = tokens[i + j];
          ok = t !== undefined && t.k === K.Word && t.t === p.tokens[j];
        }
        if (ok) {
          value = p.weight;
          cue = p.text;
          span = p.tokens.length;
          break;
        }
      }
    }
    if (value === undefined) {
      if (NEGATORS.has(w)) {
        // A second negator undoes the first: 'never stopped buying', 'not without merit'.
        negLeft = negLeft > 0 ? 0 : 3;
        continue;
      }
      const m = INTENSIFIERS.get(w) ?? DAMPENERS.get(w);
      if (m !== undefined) {
        mod = m;
        modLeft = 2;
        continue;
      }
      // 'like' is mostly a comparison ('moves like gold'); after a subject it is a liking.
      if (w === 'like' && LIKE_SUBJECTS.has(tokens[i - 1]?.t ?? '')) {
        value = 1.2;
      } else if (TARGET_WORDS.has(w) && (tokens[i + 1]?.k === K.Num || tokens[i + 2]?.k === K.Num)) {
        add('rule:price-target', 0.6);
        continue;
      } else value = wordWeight(w);
    }
    i += span - 1;
    if (value === undefined || value === 0) {
      if (negLeft > 0 && !NEG_TRANSPARENT.has(w)) negLeft--;
      if (modLeft > 0 && --modLeft === 0) mod = 1;
      continue;
    }
    if (modLeft > 0) {
      value *= mod;
      modLeft = 0;
      mod = 1;
    }
    if (tok.caps && hasLower) {
      value *= 1.3;
      caps = true;
    }
    if (negLeft > 0) {
      value *= -0.7;
      cue = `negated:${cue}`;
      negLeft = 0;
    }
    add(cue, value);
    lastValued = words;
  }

  const rules: string[] = [];
  const dataPost = (numbers >= 4 && numbers * 3 >= words) || (text.match(SIGNAL_RE)?.length ?? 0) >= 2;
  let raw = 0;
  for (const it of items) {
    let v = it.value;
    if (clause > 0) v *= it.clause < clause ? 0.5 : 1.5;
    // A question asks rather than tells ('is BTC going to moon?'): its words count for little.
    if (questions.has(it.sentence)) v *= 0.3;
    it.value = v;
    raw += v;
  }
  if (items.length > 0) {
    if (clause > 0) rules.push('rule:contrast');
    if (items.some((it) => questions.has(it.sentence))) rules.push('rule:question');
    if (caps) rules.push('rule:caps');
    // Price tickers, on-chain alerts and block reports are mostly numbers: they inform, so their
    // stray mood words (🚀 on a whale alert, 'block' or 'loss' in a trade log) count for less.
    if (dataPost) {
      raw *= 0.15;
      rules.push('rule:data-post');
    }
    // '/s' marks sarcasm: the words mean the opposite of what they say.
    if (SARCASM_RE.test(text)) {
      raw *= -0.7;
      rules.push('rule:sarcasm');
    }
    if (exclaims > 0 && raw !== 0) {
      raw += Math.sign(raw) * 0.25 * Math.min(exclaims, 4);
      rules.push('rule:exclaim');
    }
  }
  const broadcast = dataPost || BROADCAST_RE.test(text);
  return { raw, items, rules, broadcast };
}
