/**
 * Where the ingest time goes at scale (issue 32 §2): BENCH_STORED posts (default 1,000,000) are
 * bulk-loaded with triggers off and the rollups recounted once, then slices of BENCH_SLICE demo
 * posts (default 20,000, enriched beforehand) are saved through saveBatch in batches of 500, one
 * slice per variant: everything on, then one trigger family or one save hook off at a time, then
 * all of them off, then everything on again (the drift between the two). A family's share is what
 * its absence saves. Each batch's statements are timed by step (accounts, persons, copies, posts
 * with their triggers, track records, the rest). Enrichment is timed on its own. PGlite on disk
 * (BENCH_PGLITE_DIR, kept for reuse with BENCH_KEEP=1) and PostgreSQL (schema bench_ingest_<N>,
 * kept with BENCH_KEEP=1). Run: `npm run bench -- ingest-profile` (BENCH_ONLY=pglite|postgres).
 * Trigger families are disabled with ALTER TABLE in the bench's own database or schema only.
 */
import { existsSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { type Db, openPglite, openPostgres, type Queryable } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { families } from '../apps/server/src/db/rollups/index';
import { createEnricher } from '../apps/server/src/pipeline/enrich/index';
import { builtinClassifier } from '../apps/server/src/pipeline/enrich/sentiment/classifier';
import { generateDemoPosts } from '../apps/server/src/pipeline/sources/demo/index';
import { type StoreHooks, saveBatch } from '../apps/server/src/pipeline/store';
import type { Enrichment, RawPost } from '../apps/server/src/pipeline/types';
import { storeHooks } from '../apps/server/src/services/store-hooks';
import { bulkLoad, openBenchSchema } from './support/bulk-corpus';

const STORED = Number(process.env.BENCH_STORED ?? 1_000_000);
const SLICE = Number(process.env.BENCH_SLICE ?? 20_000);
const BATCH = 500;
const KEEP = process.env.BENCH_KEEP === '1';
const ONLY = process.env.BENCH_ONLY ?? '';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `kolscope-ingest-${STORED}`);
/** The bulk corpus ends here; the demo slices come after the latest stored post. */
const BULK_END = Math.floor(Date.UTC(2026, 9, 1) / 1000);
/**
 * As dense as ingest.bench.ts's corpus (100,000 posts over 30 days): a batch of 500 spans hours,
 * so it touches as many rollup buckets as a backfill or a busy source's batch does.
 */
const DEMO_PER_DAY = 3_400;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const noop = async () => {};

/**
 * The posts triggers of each family, and the accounts triggers (db/rollups/README.md). The
 * per-row author snapshot stays on: posts.person_id is NOT NULL and it writes it.
 */
const writes = (family: string) => ['insert', 'update', 'delete'].map((op) => `posts.posts_${family}_${op}`);
const TRIGGER_FAMILIES: Record<string, string[]> = {
  opinion: writes('opinion'),
  ranking: writes('ranking'),
  'ranking last': writes('ranking_last'),
  statistics: writes('stat'),
  'accounts triggers': [
    'x_accounts.x_accounts_opinion_update',
    'x_accounts.x_accounts_group_opinion_update',
    'x_accounts.x_accounts_event_opinion_update',
  ],
};

interface Variant {
  name: string;
  triggers: string[];
  hooks: StoreHooks;
}
const VARIANTS: Variant[] = [
  // Caches and plans warm up over the first slices: the first run of each database is slower.
  { name: 'warm-up (everything on)', triggers: [], hooks: storeHooks },
  { name: 'everything on', triggers: [], hooks: storeHooks },
  ...Object.entries(TRIGGER_FAMILIES).map(([name, triggers]) => ({
    name: `${name} off`,
    triggers,
    hooks: storeHooks,
  })),
  { name: 'persons hook off', triggers: [], hooks: { ...storeHooks, accountsStored: noop } },
  { name: 'track records hook off', triggers: [], hooks: { ...storeHooks, postsStored: noop } },
  {
    name: 'all triggers and hooks off',
    triggers: Object.values(TRIGGER_FAMILIES).flat(),
    hooks: { ...storeHooks, accountsStored: noop, postsStored: noop },
  },
  { name: 'everything on (again)', triggers: [], hooks: storeHooks },
];

/** Which step a statement of saveBatch belongs to, outside the hooks (store.ts's order). */
function stepOf(sql: string): string {
  if (/^\s*INSERT INTO posts/.test(sql)) return 'posts+triggers';
  if (/fingerprint|copy_of = /.test(sql)) return 'copies';
  if (/x_accounts|person_sync/.test(sql)) return 'accounts';
  return 'other';
}
const STEPS = ['accounts', 'persons', 'copies', 'posts+triggers', 'track records', 'other'];

/** With BENCH_DETAIL=1: time per statement (its first words) of the "everything on" slice. */
const DETAIL = process.env.BENCH_DETAIL === '1';
const statementKey = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 70);

/** A Db whose transactions time every statement into `times` by step; `hook` names the hook running. */
function timed(db: Db, times: Map<string, number>, statements?: Map<string, number>) {
  let hook = '';
  const wrapTx = (tx: Queryable): Queryable => ({
    async query(sql, params) {
      const t0 = process.hrtime.bigint();
      try {
        return await tx.query(sql, params);
      } finally {
        const step = hook || stepOf(sql);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        times.set(step, (times.get(step) ?? 0) + ms);
        if (statements) statements.set(statementKey(sql), (statements.get(statementKey(sql)) ?? 0) + ms);
      }
    },
  });
  const inHook =
    <A extends unknown[]>(name: string, fn: (tx: Queryable, ...a: A) => Promise<void>) =>
    async (tx: Queryable, ...a: A) => {
      hook = name;
      try {
        await fn(tx, ...a);
      } finally {
        hook = '';
      }
    };
  const hooksOf = (h: StoreHooks): StoreHooks => ({
    ...h,
    accountsStored: inHook('persons', h.accountsStored),
    postsStored: inHook('track records', h.postsStored),
  });
  const wrapped: Db = { ...db, transaction: (fn) => db.transaction((tx) => fn(wrapTx(tx))) };
  return { db: wrapped, hooksOf };
}

async function setTriggers(db: Queryable, triggers: string[], on: boolean) {
  for (const t of triggers) {
    const [table, name] = t.split('.');
    await db.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
  }
}

async function loadStored(db: Db, loader: Queryable) {
  const t0 = Date.now();
  await bulkLoad(loader, {
    posts: STORED,
    authors: 20_000,
    days: 30,
    now: BULK_END,
    symbols: COINS.map((c) => c.symbol),
  });
  for (const f of families) await db.exec(f.rebuild);
  await db.exec('VACUUM ANALYZE');
  console.log(`  ${fmt(STORED)} posts loaded and counted in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Demo posts after the latest stored one, enriched: one slice per variant. */
async function slices(db: Db): Promise<{ posts: RawPost[]; enrichments: Enrichment[] }[]> {
  const [{ last }] = (await db.query<{ last: string | null }>('SELECT max(ct)::text AS last FROM posts')) as [
    { last: string | null },
  ];
  const fromMs = (Math.max(BULK_END, Number(last ?? 0)) + 60) * 1000;
  const total = SLICE * VARIANTS.length;
  const days = Math.ceil(total / DEMO_PER_DAY) + 1;
  const posts = generateDemoPosts({
    seed: 32,
    fromMs,
    toMs: fromMs + days * 86_400_000,
    postsPerDay: DEMO_PER_DAY,
  }).slice(0, total);
  if (posts.length < total) throw new Error(`only ${posts.length} demo posts generated, ${total} needed`);
  const t0 = process.hrtime.bigint();
  const enrichments = await createEnricher(builtinClassifier).enrich(posts);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`  enrichment alone: ${fmt(total / s)} posts/s (${fmt(total)} posts in ${s.toFixed(1)} s)`);
  return VARIANTS.map((_, i) => ({
    posts: posts.slice(i * SLICE, (i + 1) * SLICE),
    enrichments: enrichments.slice(i * SLICE, (i + 1) * SLICE),
  }));
}

async function profile(label: string, db: Db) {
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts')) as [{ n: number }];
  console.log(`${label}: ${fmt(n)} posts stored, slices of ${fmt(SLICE)}, load average ${loadavg()[0]!.toFixed(2)}`);
  const work = await slices(db);
  console.log(`  ${'variant'.padEnd(28)} ${'posts/s'.padStart(8)}  ms per batch: ${STEPS.join(' | ')}`);
  for (const [i, v] of VARIANTS.entries()) {
    const times = new Map<string, number>();
    const statements = DETAIL && v.name === 'everything on' ? new Map<string, number>() : undefined;
    const t = timed(db, times, statements);
    const hooks = t.hooksOf(v.hooks);
    await setTriggers(db, v.triggers, false);
    const slice = work[i]!;
    const t0 = process.hrtime.bigint();
    for (let j = 0; j < slice.posts.length; j += BATCH) {
      await saveBatch(
        t.db,
        {
          source: 'bench-profile',
          posts: slice.posts.slice(j, j + BATCH),
          enrichments: slice.enrichments.slice(j, j + BATCH),
          cursor: String(j),
          rejected: 0,
          now: new Date(),
        },
        hooks,
      );
    }
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    await setTriggers(db, v.triggers, true);
    // The track-record tables were empty when the bulk load was analysed: fresh statistics after
    // the warm-up, or their plans stay those of empty tables until autovacuum comes by.
    if (i === 0) await db.exec('ANALYZE');
    const batches = Math.ceil(slice.posts.length / BATCH);
    const steps = STEPS.map((k) => ((times.get(k) ?? 0) / batches).toFixed(0)).join(' | ');
    console.log(`  ${v.name.padEnd(28)} ${fmt(slice.posts.length / s).padStart(8)}  ${steps}`);
    for (const [sql, ms] of [...(statements ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`      ${(ms / batches).toFixed(1).padStart(6)} ms  ${sql}`);
  }
  console.log(`  load average after: ${loadavg()[0]!.toFixed(2)}`);
}

if (ONLY !== 'postgres') {
  const reuse = KEEP && existsSync(PGLITE_DIR);
  if (!reuse) rmSync(PGLITE_DIR, { recursive: true, force: true });
  const db = await openPglite(PGLITE_DIR);
  await migrate(db);
  if (!reuse) await loadStored(db, db);
  await profile('PGlite (on disk)', db);
  await db.close();
  if (!KEEP) rmSync(PGLITE_DIR, { recursive: true, force: true });
}

if (ONLY !== 'pglite') {
  const schema = `bench_ingest_${STORED}`;
  const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, KEEP, { max: 2 });
  if (!reuse) {
    const loader = await openPostgres(PG_URL, { searchPath: schema, max: 1 });
    await loadStored(db, loader);
    await loader.close();
  }
  await profile('PostgreSQL', db);
  await db.close();
  if (!KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}
