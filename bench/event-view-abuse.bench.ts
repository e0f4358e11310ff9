/**
 * Issue 34 §1, the probe re-measured: one user's event opinion views against everyone else. On
 * each database (embedded PGlite, then PostgreSQL; `BENCH_DB=pglite|pg` runs one), with BENCH_N
 * demo posts (default 20,000, a month) behind the real HTTP app, its request gate and background
 * scheduler (as `kolscope start` wires them) and the event views' history count running:
 * - user A asks for five event views of 2 groups x 50 keywords of 100 characters, none of which
 *   matches: the bench prints how many the limits accept (EVENT_VIEW_LIMITS);
 * - then, in turn, A's views as the limits leave them, and the probe's five written past the
 *   limits straight into the database (what an account made before the limits may hold), each
 *   while user B reads its BTC feed BENCH_B_REQUESTS times (default 60, one after another) and a
 *   pusher sends BENCH_BATCHES batches (default 16) of 200 new posts to `ingest/posts`, one after
 *   another, while the history of A's views is counted;
 * - the same first with no event view at all (the baseline);
 * - printed: B's p50 / max alone and meanwhile, the push batches' answers (200 and 503) and
 *   p50 / max, the history chunks the scheduler ran, and the load average.
 * The probe's figures before the fix: B's p50 7 ms -> 3.4 s (max 12.9 s) embedded; on PostgreSQL
 * 13 of 16 push batches answered 503.
 * Run: `node bench/run.mjs event-view-abuse` (BENCH_DATABASE_URL, default the local `test` database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_VIEW_LIMITS, translate } from '@kolscope/contract';
import { buildApp } from '../apps/server/src/app';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/db';
import { opinionRepo } from '../apps/server/src/db/repos/opinion';
import { viewsRepo } from '../apps/server/src/db/repos/views';
import type { AppError } from '../apps/server/src/services/errors';
import { requestGate } from '../apps/server/src/pipeline/request-gate';
import { createScheduler } from '../apps/server/src/pipeline/scheduler';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices } from './support/bench-services';
import { loadAverage, onEachDatabase, pct } from './support/started-server';

const N = Number(process.env.BENCH_N ?? 20_000);
const B_REQUESTS = Number(process.env.BENCH_B_REQUESTS ?? 60);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 16);
const BATCH_POSTS = 200;
const KEY = 'bench-ingest-key';
const DAY = 86_400;

/** One of the probe's views: 2 groups of 50 keywords of 100 characters, matching nothing. */
function probeRules(view: number) {
  const word = (g: number, i: number) =>
    `zq${view}g${g}k${i} `.padEnd(100, 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do ').slice(0, 100);
  return [0, 1].map((g) => ({ type: 'keywords' as const, keywords: Array.from({ length: 50 }, (_, i) => word(g, i)) }));
}

let nextPost = 9_000_000_000;
function pushBody(now: number) {
  return {
    posts: Array.from({ length: BATCH_POSTS }, (_, i) => ({
      id: String(nextPost++),
      text: `gm, $BTC looking strong into the weekly close, spot flows and the halving talk ${i}`,
      created_at: now - (i % 600),
      lang: 'en',
      author: { id: String(70_000 + (i % 50)), username: `pusher${i % 50}`, followers_count: 1000 + i },
    })),
  };
}

async function run(label: string, url: string | undefined) {
  const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'kolscope-abuse-'));
  const db: Db = url ? await openPostgres(url, { max: 8, requestStatementTimeoutMs: 10_000 }) : await openPglite(dir);
  try {
    console.log(`\n${label}: ${N.toLocaleString('en-US')} demo posts, load average ${loadAverage()}`);
    await fillWithDemoPosts(db, N);
    const gate = requestGate();
    const scheduler = createScheduler({ db: db.kind, gate });
    const services = benchServices(db, {
      feedCacheMs: 0,
      config: { innerCodes: [], adminEmails: [], smtpUrl: undefined, ingestKeys: [KEY] },
    });
    const app = await buildApp({ services, secureCookies: false, gate, scheduler });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/webapi/v1`;
    const client = { ip: '127.0.0.1', userAgent: 'bench', lang: 'en' as const };
    const stamp = Date.now();
    const user = async (name: string) => {
      const email = `${name}-${stamp}@example.com`;
      const u = (await services.accounts.createDirect(email, 'bench-pass', { isAdmin: false, lang: 'en' }))!;
      return { id: u.id, token: (await services.accounts.login(email, 'bench-pass', client)).token };
    };
    const a = await user('abuser');
    const b = await user('reader');
    const bView = (
      await services.views.add(
        b.id,
        {
          name: 'btc',
          viewType: 'content_feed',
          matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] as never,
        },
        'en',
      )
    ).at(-1)!.viewId;

    const post = async (path: string, body: object, headers: Record<string, string>) => {
      const t0 = performance.now();
      const r = await fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const ret = ((await r.json()) as { ret: number }).ret;
      return { ms: performance.now() - t0, status: r.status, ret };
    };
    const readB = async () => {
      const times: number[] = [];
      for (let i = 0; i < B_REQUESTS; i++) {
        const r = await post('view/v2/tweets', { view_id: bView }, { cookie: `token=${b.token}` });
        if (r.ret !== 1) throw new Error(`B's feed answered ret ${r.ret}`);
        times.push(r.ms);
      }
      return `p50 ${pct(times, 50).toFixed(1)} ms, max ${pct(times, 100).toFixed(1)} ms`;
    };
    const push = async () => {
      const answers: { ms: number; status: number }[] = [];
      for (let i = 0; i < BATCHES; i++) {
        answers.push(await post('ingest/posts', pushBody(Math.floor(Date.now() / 1000)), { 'x-ingest-key': KEY }));
      }
      const ok = answers.filter((x) => x.status === 200).length;
      const times = answers.map((x) => x.ms);
      return `${ok} of ${BATCHES} answered 200, ${answers.filter((x) => x.status === 503).length} answered 503; p50 ${pct(times, 50).toFixed(0)} ms, max ${pct(times, 100).toFixed(0)} ms`;
    };

    console.log(`  B alone: ${await readB()}`);
    services.eventHistory.start({ scheduler });

    const measure = async (what: string) => {
      const before = scheduler.report()['event-history']?.slices ?? 0;
      const [during, pushed] = await Promise.all([readB(), push()]);
      const chunks = (scheduler.report()['event-history']?.slices ?? 0) - before;
      console.log(`  ${what}:`);
      console.log(`    B meanwhile: ${during}`);
      console.log(`    push batches of ${BATCH_POSTS}: ${pushed}`);
      console.log(`    history chunks meanwhile: ${chunks}; load average ${loadAverage()}`);
    };
    await measure('no event views (the baseline)');

    // A asks for the probe's five views through the API's service: the limits decide.
    let accepted = 0;
    let refusal = '';
    for (let v = 0; v < 5; v++) {
      try {
        await services.opinion.event.add(
          a.id,
          { name: `probe ${v}`, kolGroupId: '', matchingRules: probeRules(v) },
          'en',
        );
        accepted++;
      } catch (err) {
        refusal ||= translate('en', (err as AppError).key, (err as AppError).params);
      }
    }
    console.log(
      `  A asks for 5 views of 2x50 keywords of 100 characters: ${accepted} accepted (EVENT_VIEW_LIMITS ${EVENT_VIEW_LIMITS.perUser} views, ${EVENT_VIEW_LIMITS.keywordsPerUser} keywords), then "${refusal}"`,
    );
    await measure(`A's ${accepted} views as the limits leave them, their history counting`);

    // The probe's five, written past the limits (as an account from before them may hold).
    const now = Math.floor(Date.now() / 1000);
    await db.transaction(async (tx) => {
      for (let v = accepted; v < 5; v++) {
        const rules = probeRules(v);
        const row = await viewsRepo(tx).insert(
          a.id,
          { name: `past ${v}`, viewType: 'event_opinion', fixed: false, matchingRules: rules, settings: {} },
          new Date(),
        );
        await opinionRepo(tx).setEvent(
          row.id,
          null,
          rules.map((g) => g.keywords),
          now - 37 * DAY,
          now,
        );
      }
    });
    // Every view counts its history again, so the five count at the same time.
    await db.query(
      `UPDATE event_views SET history_watermark = 9223372036854775807, history_top = $1
       WHERE view_id IN (SELECT id FROM views WHERE user_id = $2)`,
      [now, a.id],
    );
    await measure("the probe's 5 views (written past the limits), their history counting");
    await services.eventHistory.stop();
    await app.close();
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench_abuse', run);
