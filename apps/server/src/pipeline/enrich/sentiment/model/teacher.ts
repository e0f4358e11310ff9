/**
 * `kolscope train-sentiment --teacher` (issue 30 §4): an operator's own OpenAI-compatible endpoint
 * (a local llama.cpp or vLLM server, or a hosted one; CLASSIFIER_URL, CLASSIFIER_API_KEY,
 * CLASSIFIER_MODEL) labels a sample of their stored posts with a fixed prompt and a JSON schema,
 * and the fast model trains on those labels like users' corrections (nested.ts rowWeights), so it
 * learns the language of the KOLs this operator follows. docs/teacher.md says how to run it.
 *
 * - The sample: up to N recent posts, round robin over authors (at most PER_AUTHOR each), a share
 *   kept for Chinese posts, copies and reposts left out; deterministic for a seed.
 * - Labels are cached by SHA-256 of (model, prompt version, text) in DATA_DIR/teacher-cache.jsonl,
 *   so a second run asks only for texts it has not seen.
 * - An answer item that is not a label is skipped, never guessed; an HTTP or network failure stops
 *   the run with the endpoint's own words (credentials masked).
 * - _Decision: a teacher's label weighs half a user's correction_ (TEACHER_WEIGHT): a model, even a
 *   good one, is a weaker witness than a person who read the post.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../../../db/db';
import { readingsRepo } from '../../../../db/repos/readings';
import type { SentimentLabel } from '../../../types';
import { chatCompletion } from '../openai';
import { cleanText } from './data';
import type { FeedbackExample } from './feedback-rows';

export const TEACHER_GROUP = 'teacher';
export const TEACHER_WEIGHT = 0.5;
export const TEACHER_PROMPT_VERSION = 'teacher-1';
export const DEFAULT_TEACHER_SAMPLE = 2000;
const PER_AUTHOR = 20;
const ZH_SHARE = 0.3;
const RECENT_SECONDS = 90 * 86_400;
const BATCH = 20;

export const TEACHER_PROMPT = [
  "You label the author's stance on crypto prices in social-media posts (English or Chinese).",
  'bullish: expects or wants prices up, or acts on it (buying, holding, longing, higher targets).',
  'bearish: expects prices down, or acts on it (selling, shorting, warning of a dump, rug, hack or collapse).',
  'neutral: no directional stance: automated price, whale, flow or liquidation alerts; headlines whose',
  'direction is not plain; questions; chatter; giveaways, airdrops, promotions; mixed posts.',
  'Read sarcasm for what the author means. In Chinese markets 红 is up and 绿 is down.',
  'Answer with JSON only: {"labels":[{"i":1,"label":"bullish"},...]}, one item per numbered post.',
].join(' ');

export const TEACHER_SCHEMA = {
  name: 'stance_labels',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['labels'],
    properties: {
      labels: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['i', 'label'],
          properties: { i: { type: 'integer' }, label: { type: 'string', enum: ['bullish', 'neutral', 'bearish'] } },
        },
      },
    },
  },
} as const;

export interface TeacherEndpoint {
  url: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SampledPost {
  id: string;
  text: string;
  lang: 'en' | 'zh';
}

/** Up to `n` recent stored posts, spread over authors and both languages (see the file comment). */
export async function sampleStoredPosts(db: Queryable, n: number, seed: number, nowS: number): Promise<SampledPost[]> {
  const repo = readingsRepo(db);
  const pick = (zh: boolean, limit: number) =>
    repo.sampleSpread({ seed: String(seed), since: nowS - RECENT_SECONDS, zh, perAuthor: PER_AUTHOR, limit });
  const zh = await pick(true, Math.round(n * ZH_SHARE));
  const en = await pick(false, n - zh.length);
  return [
    ...en.map((r) => ({ id: r.id, text: cleanText(r.text), lang: 'en' as const })),
    ...zh.map((r) => ({ id: r.id, text: cleanText(r.text), lang: 'zh' as const })),
  ];
}

const keyOf = (model: string, text: string) =>
  createHash('sha256').update(`${model}\n${TEACHER_PROMPT_VERSION}\n${text}`).digest('hex');

/** The labels cached in `dir`, by key. */
function readCache(path: string): Map<string, SentimentLabel> {
  const out = new Map<string, SentimentLabel>();
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const { k, label } = JSON.parse(line) as { k: string; label: SentimentLabel };
      if (typeof k === 'string' && ['bullish', 'neutral', 'bearish'].includes(label)) out.set(k, label);
    } catch {
      // A torn last line (a run stopped mid-write) is asked again.
    }
  }
  return out;
}

/** The labels of one answer's content: {labels:[{i,label}]} (or a bare array); bad items left out. */
export function parseTeacherAnswer(content: string, count: number): Map<number, SentimentLabel> {
  const out = new Map<number, SentimentLabel>();
  let parsed: unknown;
  try {
    const start = content.search(/[[{]/);
    parsed = JSON.parse(
      start >= 0 ? content.slice(start, Math.max(content.lastIndexOf('}'), content.lastIndexOf(']')) + 1) : content,
    );
  } catch {
    return out;
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { labels?: unknown })?.labels;
  if (!Array.isArray(items)) return out;
  items.forEach((item, j) => {
    const o = item as { i?: unknown; label?: unknown };
    const label = typeof o?.label === 'string' ? o.label.trim().toLowerCase() : '';
    const i = typeof o?.i === 'number' && Number.isInteger(o.i) ? o.i : j + 1;
    if (i >= 1 && i <= count && ['bullish', 'neutral', 'bearish'].includes(label) && !out.has(i))
      out.set(i, label as SentimentLabel);
  });
  return out;
}

async function askBatch(e: TeacherEndpoint, texts: string[]): Promise<Map<number, SentimentLabel>> {
  const content = await chatCompletion(
    { ...e, timeoutMs: e.timeoutMs ?? 60_000, what: 'teacher endpoint' },
    {
      model: e.model,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: TEACHER_SCHEMA },
      messages: [
        { role: 'system', content: TEACHER_PROMPT },
        { role: 'user', content: texts.map((t, k) => `${k + 1}. ${JSON.stringify(t)}`).join('\n') },
      ],
    },
  );
  return content === undefined ? new Map() : parseTeacherAnswer(content, texts.length);
}

export interface TeacherRun {
  sampled: number;
  cached: number;
  asked: number;
  labeled: number;
  skipped: number;
  mix: Record<SentimentLabel, number>;
  examples: FeedbackExample[];
}

/** Labels the posts (cache first, then the endpoint in batches) and returns them as training rows. */
export async function teacherLabels(
  e: TeacherEndpoint,
  posts: readonly SampledPost[],
  cacheDir: string,
): Promise<TeacherRun> {
  const path = join(cacheDir, 'teacher-cache.jsonl');
  const cache = readCache(path);
  const run: TeacherRun = {
    sampled: posts.length,
    cached: 0,
    asked: 0,
    labeled: 0,
    skipped: 0,
    mix: { bullish: 0, neutral: 0, bearish: 0 },
    examples: [],
  };
  const labels = new Map<string, SentimentLabel>();
  const todo: SampledPost[] = [];
  for (const p of posts) {
    const hit = cache.get(keyOf(e.model, p.text));
    if (hit) {
      run.cached++;
      labels.set(p.id, hit);
    } else todo.push(p);
  }
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH);
    run.asked += batch.length;
    const got = await askBatch(
      e,
      batch.map((p) => p.text),
    );
    const lines: string[] = [];
    batch.forEach((p, j) => {
      const label = got.get(j + 1);
      if (!label) {
        run.skipped++;
        return;
      }
      labels.set(p.id, label);
      lines.push(JSON.stringify({ k: keyOf(e.model, p.text), label }));
    });
    // Written per batch: a run stopped half-way keeps what it was told.
    if (lines.length) appendFileSync(path, `${lines.join('\n')}\n`);
  }
  for (const p of posts) {
    const label = labels.get(p.id);
    if (!label) continue;
    run.labeled++;
    run.mix[label]++;
    run.examples.push({
      text: p.text,
      label,
      source: `teacher:${p.id}`,
      group: TEACHER_GROUP,
      twoClass: false,
      crypto: false,
      lang: p.lang,
      weight: TEACHER_WEIGHT,
    });
  }
  return run;
}
