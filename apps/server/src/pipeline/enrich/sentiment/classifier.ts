/**
 * The built-in sentiment classifier: lexicon + rules, pure and synchronous. It is the default;
 * an operator can swap in an OpenAI-compatible endpoint (see openai.ts).
 */
import type { SentimentClassifier, SentimentLabel, SentimentResult } from '../../types';
import { analyse } from './rules';

/** The raw sum is squashed into -1..1 the way VADER does: x / sqrt(x² + α). */
const ALPHA = 8;
/**
 * How much raw evidence leaves neutral. A personal remark leans with a single mood word; a
 * broadcast (links, hashtag lists, data) needs a clear crypto term, since news and promos use
 * mood words loosely. Chosen on the development half A only.
 */
export const OPINION_BAND = 0.2;
export const BROADCAST_BAND = 1.0;
const MAX_CUES = 6;
/** The rules' version, stored with each post they read; raise it when the rules change. */
export const RULES_MODEL = 'rules-1';

export function classifySentiment(text: string): SentimentResult {
  const { raw, items, rules, broadcast } = analyse(text);
  const score = Math.round((raw / Math.sqrt(raw * raw + ALPHA)) * 1000) / 1000;
  const band = broadcast ? BROADCAST_BAND : OPINION_BAND;
  const label: SentimentLabel = raw >= band ? 'bullish' : raw <= -band ? 'bearish' : 'neutral';
  // Cues: the strongest contributions pointing the way of the label (all of them when neutral).
  const sign = label === 'bullish' ? 1 : label === 'bearish' ? -1 : 0;
  const cues = items
    .filter((it) => sign === 0 || Math.sign(it.value) === sign)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .slice(0, MAX_CUES)
    .map((it) => it.cue);
  for (const r of rules) cues.push(r);
  return { label, score, cues: [...new Set(cues)], model: RULES_MODEL };
}

export const builtinClassifier: SentimentClassifier = {
  name: 'builtin',
  classify: async (texts) => texts.map(classifySentiment),
};
