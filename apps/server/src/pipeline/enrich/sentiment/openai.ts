/**
 * A classifier backed by any OpenAI-compatible chat-completions endpoint (OpenAI, a local
 * llama.cpp / vLLM / Ollama server, a proxy). Texts go in batches; the model answers with a JSON
 * array of labels. A bad answer for one item falls back to the built-in rules for that item; only
 * a transport failure (unreachable, timeout, HTTP error) throws, so the runner can back off.
 */
import type { SentimentClassifier, SentimentLabel, SentimentResult } from '../../types';
import { redact } from '../../../security/redact';
import { builtinClassifier, classifySentiment } from './classifier';

export interface OpenAiClassifierOptions {
  /** Base URL up to the API version, e.g. 'https://api.openai.com/v1' or 'http://127.0.0.1:8000/v1'. */
  url: string;
  apiKey?: string;
  model: string;
  /** Per request; default 20 s. */
  timeoutMs?: number;
  /** Texts per request; default 20. */
  batchSize?: number;
  /** For tests. */
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = [
  'You classify the market sentiment of crypto social-media posts (English or Chinese).',
  'For each numbered post answer bullish (expects prices to rise / positive about the coin),',
  'bearish (expects prices to fall / negative about it) or neutral (news, data, questions, no view).',
  'Reply with only a JSON array with one object per post, in order:',
  '[{"label":"bullish","score":0.8}, ...] where score is -1 (very bearish) to 1 (very bullish).',
].join(' ');

const LABEL_SET = new Set<string>(['bullish', 'neutral', 'bearish']);
const DEFAULT_SCORE: Record<SentimentLabel, number> = { bullish: 0.6, neutral: 0, bearish: -0.6 };

/** Turns one array element into a result, or null when it is not a usable answer. */
function toResult(item: unknown, cue: string): SentimentResult | null {
  let label: unknown = item;
  let score: unknown;
  if (item !== null && typeof item === 'object') {
    label = (item as { label?: unknown }).label;
    score = (item as { score?: unknown }).score;
  }
  if (typeof label !== 'string') return null;
  const l = label.trim().toLowerCase();
  if (!LABEL_SET.has(l)) return null;
  const lab = l as SentimentLabel;
  let s = typeof score === 'number' && Number.isFinite(score) ? Math.max(-1, Math.min(1, score)) : DEFAULT_SCORE[lab];
  // A score pointing the other way than the label is noise; keep the label's default.
  if ((lab === 'bullish' && s <= 0) || (lab === 'bearish' && s >= 0)) s = DEFAULT_SCORE[lab];
  if (lab === 'neutral') s = Math.max(-0.2, Math.min(0.2, s));
  return { label: lab, score: s, cues: [cue] };
}

/** Finds the JSON array in a model reply (which may wrap it in prose or a ``` fence). */
export function parseLabelArray(content: string): unknown[] | null {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(content.slice(start, end + 1));
    if (Array.isArray(parsed)) return parsed;
    return null;
  } catch {
    return null;
  }
}

/**
 * One chat-completions call to an OpenAI-compatible endpoint: the first choice's content, or
 * undefined when the answer holds none. Unreachable or an HTTP error throws, with the endpoint's
 * own words and credentials masked. Shared by this classifier and the teacher (model/teacher.ts).
 */
export async function chatCompletion(
  o: { url: string; apiKey?: string | undefined; timeoutMs: number; fetch?: typeof fetch; what: string },
  body: Record<string, unknown>,
): Promise<string | undefined> {
  const endpoint = `${o.url.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  let response: Response;
  try {
    response = await (o.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
  } catch (err) {
    throw new Error(`${o.what} ${redact(endpoint)} unreachable: ${(err as Error).message}`, { cause: err });
  }
  if (!response.ok) {
    const text = redact((await response.text().catch(() => '')).slice(0, 300));
    throw new Error(`${o.what} ${redact(endpoint)} answered HTTP ${response.status}: ${text}`);
  }
  try {
    const parsed = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

function fallback(text: string): SentimentResult {
  const r = classifySentiment(text);
  return { ...r, cues: [...r.cues, 'fallback:builtin'] };
}

export function openAiCompatibleClassifier(options: OpenAiClassifierOptions): SentimentClassifier {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const batchSize = Math.max(1, options.batchSize ?? 20);
  const cue = `llm:${options.model}`;

  async function classifyBatch(texts: string[]): Promise<SentimentResult[]> {
    const user = texts.map((t, i) => `${i + 1}. ${JSON.stringify(t)}`).join('\n');
    const content = await chatCompletion(
      { ...options, timeoutMs, what: 'classifier endpoint' },
      {
        model: options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `${texts.length} posts:\n${user}` },
        ],
      },
    );
    // From here on the endpoint worked; whatever it said, every text gets a result.
    const items = content === undefined ? null : parseLabelArray(content);
    return texts.map((text, i) => {
      const read = toResult(items?.[i], cue);
      return read ? { ...read, model: `openai:${options.model}` } : fallback(text);
    });
  }

  return {
    name: `openai:${options.model}`,
    async classify(texts) {
      const out: SentimentResult[] = [];
      // Sequential batches: an endpoint with rate limits prefers a steady trickle to a burst.
      for (let i = 0; i < texts.length; i += batchSize) {
        out.push(...(await classifyBatch(texts.slice(i, i + batchSize))));
      }
      return out;
    },
  };
}

/**
 * Picks the classifier from the environment: CLASSIFIER_URL unset → the built-in rules; set → the
 * OpenAI-compatible endpoint there, with CLASSIFIER_API_KEY and CLASSIFIER_MODEL (default gpt-4o-mini).
 */
export function classifierFromEnv(env: Record<string, string | undefined>): SentimentClassifier {
  const url = env.CLASSIFIER_URL?.trim();
  if (!url) return builtinClassifier;
  return openAiCompatibleClassifier({
    url,
    apiKey: env.CLASSIFIER_API_KEY?.trim() || undefined,
    model: env.CLASSIFIER_MODEL?.trim() || 'gpt-4o-mini',
  });
}
