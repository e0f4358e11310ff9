/**
 * Inference of the learned model: features, three logits, softmax, and the cues that moved the
 * decision most. Pure and allocation-light: one shared feature buffer and contribution array;
 * strings are made only for the few cues reported.
 */
import type { SentimentClassifier, SentimentLabel, SentimentResult } from '../../../types';
import { detectLanguage } from '../../language';
import { classifySentiment } from '../classifier';
import type { ModelLang } from './data';
import { type Calibration, IDENTITY } from './calibration';
import { DENSE, type FeatureConfig, FeatureBuffer, extractFeatures, featureRows } from './features';
import { CLASSES } from './train';
import { type LoadedModels, loadWeights } from './weights';

export interface LinearModel {
  cfg: FeatureConfig;
  w: Float32Array;
  version: string;
  /** Calibration and call threshold (calibration.ts); identity without one (older weights). */
  cal?: Calibration;
}

const MAX_CUES = 4;
/** A learned cue is shown only when it pushes at least this share of the strongest one. */
const MIN_SHARE = 0.35;
/** Candidates kept before overlapping spans ('暴跌' and '特币暴') are thinned out. */
const CANDIDATES = 8;
const HAN = /\p{Script=Han}/u;
const shared = new FeatureBuffer();
const contrib = new Float32Array(shared.capacity);
// The three weights of each feature, read once (the weight file is larger than the CPU cache).
const w3 = new Float32Array(shared.capacity * 3);

/**
 * Words that carry no opinion of their own: the model may learn small pushes for them from the
 * data ('will', '了'), but as a reason shown to a user they explain nothing.
 */
const FILLER = new Set(
  (
    'a an and are as at be but by every for from get gets go has have i in is it its just me my next now of on or ' +
    'plus so that the their them they this to u was we were what will with you your 了 的 是 在 吗 呢 啊 吧 和 也'
  ).split(' '),
);

/** The text a user sees for a feature's span; '' when the span says nothing on its own. */
function cueText(text: string, s: number, e: number): string {
  const t = text.slice(s, e).trim();
  if (/^(https?:\/\/|www\.)\S*$/i.test(t)) return 'link';
  // A word pair with a link in it: the word is its own cue, the address is noise.
  if (/https?:\/\/|www\./i.test(t)) return '';
  if (FILLER.has(t.toLowerCase())) return '';
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
}

export function predict(model: LinearModel, text: string, buf: FeatureBuffer = shared): SentimentResult {
  const n = extractFeatures(text, model.cfg, buf);
  const w = model.w;
  let z0 = 0;
  let z1 = 0;
  let z2 = 0;
  const own = buf === shared;
  for (let i = 0; i < n; i++) {
    const b = buf.idx[i]! * 3;
    const v = buf.val[i]!;
    const a0 = w[b]!;
    const a1 = w[b + 1]!;
    const a2 = w[b + 2]!;
    if (own) {
      w3[i * 3] = a0;
      w3[i * 3 + 1] = a1;
      w3[i * 3 + 2] = a2;
    }
    z0 += a0 * v;
    z1 += a1 * v;
    z2 += a2 * v;
  }
  // Calibrated: softmax(a·z + b) equals softmax(a·log p + b), what calibration.ts fitted.
  const cal = model.cal ?? IDENTITY;
  z0 = cal.a * z0 + cal.bias[0];
  z1 = cal.a * z1 + cal.bias[1];
  z2 = cal.a * z2 + cal.bias[2];
  const mx = Math.max(z0, z1, z2);
  const e0 = Math.exp(z0 - mx);
  const e1 = Math.exp(z1 - mx);
  const e2 = Math.exp(z2 - mx);
  const s = e0 + e1 + e2;
  const probs = { bullish: e0 / s, neutral: e1 / s, bearish: e2 / s };
  // Opinion or not first, then direction (calibration.ts stagedLabel; arg-max for older weights).
  const c =
    cal.opinionThreshold === undefined
      ? probs.bullish >= probs.neutral && probs.bullish >= probs.bearish
        ? 0
        : probs.bearish > probs.neutral
          ? 2
          : 1
      : probs.neutral >= cal.opinionThreshold
        ? 1
        : probs.bullish >= probs.bearish
          ? 0
          : 2;
  const label: SentimentLabel = CLASSES[c]!;
  // A feature's push toward the label: its weight for the label over the mean of the other two.
  let rules = 0;
  const src = own ? w3 : w;
  for (let i = 0; i < n; i++) {
    const b = own ? i * 3 : buf.idx[i]! * 3;
    const d = (src[b + c]! - (src[b]! + src[b + 1]! + src[b + 2]! - src[b + c]!) / 2) * buf.val[i]!;
    if (i < DENSE) rules += i === 0 ? 0 : d;
    else contrib[i] = d;
  }
  // Char n-grams of one word follow each other: merge runs with the same span into one cue.
  const top: { v: number; s: number; e: number }[] = [];
  let i = DENSE;
  while (i < n) {
    const s0 = buf.start[i]!;
    const e0_ = buf.end[i]!;
    let v = 0;
    while (i < n && buf.start[i] === s0 && buf.end[i] === e0_) v += contrib[i++]!;
    if (v <= 0) continue;
    if (top.length < CANDIDATES || v > top[top.length - 1]!.v) {
      // Kept sorted by insertion; a span seen again (a cashtag's neighbour) adds to its entry.
      let j = top.findIndex((t) => t.s === s0 && t.e === e0_);
      if (j >= 0) top[j]!.v += v;
      else j = top.push({ v, s: s0, e: e0_ }) - 1;
      for (; j > 0 && top[j - 1]!.v < top[j]!.v; j--) {
        const t = top[j]!;
        top[j] = top[j - 1]!;
        top[j - 1] = t;
      }
      if (top.length > CANDIDATES) top.pop();
    }
  }
  const cues: string[] = [];
  const ruleCues: string[] = [];
  if (rules > 0 && buf.analysis) {
    const sign = c === 0 ? 1 : c === 2 ? -1 : 0;
    // The two strongest rule contributions that point the label's way.
    let first: { cue: string; value: number } | undefined;
    let second: { cue: string; value: number } | undefined;
    if (sign !== 0) {
      for (const it of buf.analysis.items) {
        if (Math.sign(it.value) !== sign) continue;
        if (!first || Math.abs(it.value) > Math.abs(first.value)) {
          second = first;
          first = it;
        } else if (!second || Math.abs(it.value) > Math.abs(second.value)) second = it;
      }
    }
    if (first) ruleCues.push(first.cue);
    if (second) ruleCues.push(second.cue);
    for (const r of buf.analysis.rules) if (r !== 'rule:exclaim') ruleCues.push(r);
  }
  if (ruleCues.length && (top.length === 0 || rules >= top[0]!.v)) cues.push(...ruleCues);
  // Strongest first; a span overlapping one already shown (as its own cue or inside a rule cue)
  // adds nothing a reader needs, nor does a push much weaker than the strongest.
  const shown: { s: number; e: number }[] = [];
  let kept = 0;
  for (const t of top) {
    if (kept >= MAX_CUES || t.v < MIN_SHARE * top[0]!.v) break;
    if (shown.some((u) => t.s < u.e && u.s < t.e)) continue;
    const cue = cueText(text, t.s, t.e);
    if (!cue) continue;
    shown.push(t);
    if (cues.some((c) => c.includes(cue) || cue.includes(c))) continue;
    cues.push(cue);
    kept++;
  }
  if (!cues.includes(ruleCues[0] ?? '')) cues.push(...ruleCues);
  const score = Math.round((probs.bullish - probs.bearish) * 1000) / 1000;
  const confidence = Math.round(probs[label] * 1000) / 1000;
  const call = label !== 'neutral' && probs[label] >= cal.callThreshold ? label : null;
  return {
    label,
    score,
    probs,
    confidence,
    call,
    cues: [...new Set(cues.filter(Boolean))],
    model: model.version,
  };
}

/** Reads one post: its language picks the model; without one for it, the rules answer. */
export function modelReader(loaded: LoadedModels): (text: string) => SentimentResult {
  const models: Partial<Record<ModelLang, LinearModel>> = {};
  for (const lang of ['en', 'zh'] as const) {
    const w = loaded.weights[lang];
    if (!w) continue;
    if (w.length !== 3 * featureRows(loaded.manifest.features))
      throw new Error(
        `${lang} weights have ${w.length / 3} rows; these features need ${featureRows(loaded.manifest.features)}`,
      );
    const cal = loaded.manifest.calibration?.[lang];
    models[lang] = {
      cfg: loaded.manifest.features,
      w,
      version: `${lang}-${loaded.manifest.version}`,
      ...(cal ? { cal } : {}),
    };
  }
  const one = (text: string): SentimentResult => {
    // Most posts have no Han character at all: skip the letter count for them.
    const lang = HAN.test(text) && detectLanguage(text, '') === 'zh' ? 'zh' : 'en';
    const m = models[lang];
    return m ? predict(m, text) : classifySentiment(text);
  };
  return one;
}

export function createModelClassifier(loaded: LoadedModels): SentimentClassifier {
  const one = modelReader(loaded);
  return { name: `model-${loaded.manifest.version}`, classify: async (texts) => texts.map(one) };
}

/** The shipped model, or null when no weights are present (the caller falls back to the rules). */
export function loadModelClassifier(dir?: string): SentimentClassifier | null {
  const loaded = loadWeights(dir);
  return loaded ? createModelClassifier(loaded) : null;
}
