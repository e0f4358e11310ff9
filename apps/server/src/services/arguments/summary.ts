/**
 * Optional generated summaries of the bull and the bear case (issue 33 §3, SUMMARY_URL): one
 * chat-completions call to an OpenAI-compatible endpoint writes two sentences per side from the
 * shown arguments' headlines and counts only (no whole posts: the input stays small and bounded),
 * in the reader's language. Cost is bounded three ways: a summary is kept per view, period,
 * interval and language for SUMMARY_KEEP_MS; the server writes at most `perHour` summaries an
 * hour, and one user at most USER_SUMMARIES_PER_HOUR of them, so one user's many views cannot
 * spend everyone's; and each call is capped in time and tokens. Without SUMMARY_URL nothing is
 * called and the headlines stand alone.
 */
import type { Language, OpinionArgument, OpinionSummary } from '@kolscope/contract';
import { chatCompletion } from '../../pipeline/enrich/sentiment/openai';
import type { Clock } from '../../domain/clock';
import { TtlCache } from '../ttl-cache';

export interface SummarySettings {
  /** Base URL up to the API version, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  url: string;
  apiKey?: string | undefined;
  model: string;
  /** Summaries written a rolling hour, for the whole server (SUMMARY_PER_HOUR). */
  perHour: number;
}

/** How long a summary (or a failure) is reused for the same view, period, interval and language. */
export const SUMMARY_KEEP_MS = 30 * 60_000;
/** A failure is kept shorter: the endpoint may be back soon, but is not asked on every request. */
export const SUMMARY_FAILURE_KEEP_MS = 5 * 60_000;
export const USER_SUMMARIES_PER_HOUR = 20;
export const SUMMARY_TIMEOUT_MS = 20_000;
export const SUMMARY_MAX_TOKENS = 400;
/** A headline sent, and a side's summary kept, at most this long (characters). */
const HEADLINE_MAX = 200;
const SIDE_TEXT_MAX = 600;

const LANGUAGE_NAME: Record<Language, string> = { en: 'English', 'zh-CN': 'Simplified Chinese' };

/** The prompt: the subject, then each side's arguments as "n posts by k KOLs: headline". */
export function summaryPrompt(
  subject: string,
  lang: Language,
  sides: Record<'bullish' | 'bearish', OpinionArgument[]>,
) {
  const list = (args: OpinionArgument[]) =>
    args.length === 0
      ? '(none)'
      : args
          .map(
            (a, i) =>
              `${i + 1}. ${a.cntUp + a.cntNeutral + a.cntDown} posts by ${a.kolCount} KOLs: ${JSON.stringify(a.headline.slice(0, HEADLINE_MAX))}`,
          )
          .join('\n');
  return [
    {
      role: 'system',
      content: [
        'You summarise what crypto opinion leaders (KOLs) argue, from the arguments listed, and nothing else.',
        `Write in ${LANGUAGE_NAME[lang]}. At most two short sentences per side. No advice, no prices not in the list.`,
        'Reply with only a JSON object: {"bullish": "...", "bearish": "..."}; "" for a side listed as (none).',
      ].join(' '),
    },
    {
      role: 'user',
      content: `Subject: ${subject}\n\nBullish arguments:\n${list(sides.bullish)}\n\nBearish arguments:\n${list(sides.bearish)}`,
    },
  ];
}

/** Reads the model's JSON object (possibly in prose or a ``` fence); null when it is not one. */
export function parseSummary(content: string): { bullish: string; bearish: string } | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const o = JSON.parse(content.slice(start, end + 1)) as Record<string, unknown>;
    if (typeof o.bullish !== 'string' || typeof o.bearish !== 'string') return null;
    return { bullish: o.bullish.trim().slice(0, SIDE_TEXT_MAX), bearish: o.bearish.trim().slice(0, SIDE_TEXT_MAX) };
  } catch {
    return null;
  }
}

/** Starts of the calls made in the last hour, oldest first: a rolling-hour bound. */
class HourlyBudget {
  private readonly starts: number[] = [];
  constructor(private readonly max: number) {}
  left(now: number): boolean {
    while (this.starts.length && this.starts[0]! <= now - 3_600_000) this.starts.shift();
    return this.starts.length < this.max;
  }
  take(now: number): void {
    this.starts.push(now);
  }
}

export interface SummaryRequest {
  userId: number;
  /** What the cache keeps it by: the view (and its last edit), period, interval. */
  key: string;
  subject: string;
  lang: Language;
  bullish: OpinionArgument[];
  bearish: OpinionArgument[];
}

export function argumentSummaries(deps: {
  settings: SummarySettings | undefined;
  clock: Clock;
  log: (line: string) => void;
  /** For tests. */
  fetch?: typeof fetch;
}) {
  const nowMs = () => deps.clock.now().getTime();
  const kept = new TtlCache<string, { summary: OpinionSummary; until: number }>(SUMMARY_KEEP_MS, 2000, nowMs);
  const server = deps.settings ? new HourlyBudget(deps.settings.perHour) : undefined;
  const perUser = new Map<number, HourlyBudget>();
  const off: OpinionSummary = { state: 'off', bullish: '', bearish: '', model: '', generatedAt: 0 };

  async function write(s: SummarySettings, r: SummaryRequest): Promise<{ summary: OpinionSummary; until: number }> {
    const now = nowMs();
    const generatedAt = Math.floor(now / 1000);
    const failed = (why: string) => {
      deps.log(`summaries: ${why}`);
      return {
        summary: { state: 'unavailable' as const, bullish: '', bearish: '', model: s.model, generatedAt },
        until: now + SUMMARY_FAILURE_KEEP_MS,
      };
    };
    if (r.bullish.length === 0 && r.bearish.length === 0) {
      return {
        summary: { state: 'ready', bullish: '', bearish: '', model: s.model, generatedAt },
        until: now + SUMMARY_KEEP_MS,
      };
    }
    const user = perUser.get(r.userId) ?? new HourlyBudget(USER_SUMMARIES_PER_HOUR);
    perUser.set(r.userId, user);
    // Both bounds are checked before either is spent: a refusal costs nobody a summary.
    if (!user.left(now)) return failed(`user ${r.userId} wrote ${USER_SUMMARIES_PER_HOUR} summaries this hour`);
    if (!server?.left(now)) return failed(`the server wrote SUMMARY_PER_HOUR (${s.perHour}) summaries this hour`);
    user.take(now);
    server.take(now);
    try {
      const content = await chatCompletion(
        {
          url: s.url,
          apiKey: s.apiKey,
          timeoutMs: SUMMARY_TIMEOUT_MS,
          what: 'summary endpoint',
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        },
        {
          model: s.model,
          temperature: 0.2,
          max_tokens: SUMMARY_MAX_TOKENS,
          messages: summaryPrompt(r.subject, r.lang, r),
        },
      );
      const read = content === undefined ? null : parseSummary(content);
      if (!read) return failed('the endpoint answered no {"bullish", "bearish"} object');
      // A side without arguments stays empty whatever the model wrote for it.
      return {
        summary: {
          state: 'ready',
          bullish: r.bullish.length ? read.bullish : '',
          bearish: r.bearish.length ? read.bearish : '',
          model: s.model,
          generatedAt,
        },
        until: now + SUMMARY_KEEP_MS,
      };
    } catch (err) {
      return failed((err as Error).message);
    }
  }

  return {
    enabled: Boolean(deps.settings),
    async summarise(r: SummaryRequest): Promise<OpinionSummary> {
      const s = deps.settings;
      if (!s) return off;
      const key = JSON.stringify([r.key, r.lang]);
      let entry = await kept.get(key, () => write(s, r));
      // A failure is kept for less time than a summary (the cache keeps both for its longest).
      if (entry.until <= nowMs()) {
        kept.delete(key);
        entry = await kept.get(key, () => write(s, r));
      }
      return entry.summary;
    },
  };
}
export type ArgumentSummaries = ReturnType<typeof argumentSummaries>;
