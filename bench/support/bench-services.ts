/** The services as the server wires them, with no mail and no configured codes, and a fresh user: what the API benches measure through. */
import type { TradingTrend } from '@kolscope/contract';
import type { Db } from '../../apps/server/src/db/db';
import { createServices, type ServiceDeps } from '../../apps/server/src/services/index';

export type BenchServices = ReturnType<typeof createServices>;

/** `options` as in ServiceDeps (feedCacheMs: 0 makes every feed page reach the database). */
export function benchServices(db: Db, options: Partial<Omit<ServiceDeps, 'db'>> = {}): BenchServices {
  return createServices({
    db,
    mailer: { send: async () => {}, close: () => {} },
    config: { innerCodes: [], adminEmails: [], smtpUrl: undefined },
    ...options,
  });
}

/** A new non-admin English account with the password `bench-pass`; `prefix` tells the benches' users apart. */
export async function benchUser(services: BenchServices, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await services.accounts.createDirect(email, 'bench-pass', { isAdmin: false, lang: 'en' });
  if (!user) throw new Error(`bench user ${email} was not created`);
  return user;
}

/** The p-th percentile of ascending `sorted` (nearest rank below). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Reads a view's related-posts pages through the services `rounds` times, five pages deep at most,
 * the trend tab cycling through `trends`; each page is timed. Returns the times (ms, ascending)
 * and how many posts the pages brought.
 */
export async function timeFeedPages(
  services: BenchServices,
  userId: number,
  viewId: string,
  rounds: number,
  trends: readonly TradingTrend[],
): Promise<{ times: number[]; posts: number }> {
  const times: number[] = [];
  let posts = 0;
  for (let round = 0; round < rounds; round++) {
    let nextCb = '';
    for (let depth = 0; depth < 5; depth++) {
      const tradingTrend = trends[round % trends.length]!;
      const t0 = process.hrtime.bigint();
      const page = await services.feed.tweets(userId, { viewId, nextCb, tradingTrend }, 'en');
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      posts += page.list.length;
      nextCb = page.nextCb;
      if (!page.more) break;
    }
  }
  times.sort((a, b) => a - b);
  return { times, posts };
}

/** `<label>: <n> <unit> (<posts> posts), p50, p95, p99 — target p95 < <target> ms: met or NOT met`. */
export function feedLatencyLine(
  label: string,
  unit: string,
  run: { times: number[]; posts: number },
  targetMs: number,
) {
  const { times, posts } = run;
  const p95 = percentile(times, 95);
  return `  ${label}: ${times.length} ${unit} (${posts} posts), p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms — target p95 < ${targetMs} ms: ${p95 < targetMs ? 'met' : 'NOT met'}`;
}
