/** draft probe */
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { benchServices, benchUser } from './support/bench-services';
import { loadBulkCorpus, openBenchSchema } from './support/bulk-corpus';

const N = Number(process.env.BENCH_N ?? 220_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const schema = `benchcv_${N}`;
const now = Math.floor(Date.now() / 1000);
const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, true);
if (!reuse) {
  await loadBulkCorpus(PG_URL, schema, {
    posts: N,
    authors: 20_000,
    days: 30,
    now,
    symbols: COINS.map((c) => c.symbol),
  });
  const t1 = Date.now();
  await db.query('SELECT opinion_rebuild()');
  console.log(`rebuild ${Date.now() - t1} ms`);
  await db.exec('VACUUM ANALYZE');
}
const [s] = await db.query(
  'SELECT (SELECT count(*) FROM opinion_author_counts) a, (SELECT count(*) FROM opinion_counts) c',
);
console.log(s);
const services = benchServices(db);
const user = await benchUser(services, 'cv');
const groups = await services.kolGroups.list(user.id, 'en');
for (const g of groups) {
  const t0 = Date.now();
  await services.opinion.coin.add(user.id, { coin: 'BTC', kolGroupId: g.id }, 'en');
  console.log(`${g.name} ${g.kolCnt}: add ${Date.now() - t0} ms`);
}
const all = groups.find((g) => g.defaultRole === 'all')!;
await db.query('DELETE FROM opinion_groups WHERE group_id = $1', [all.id]);
await db.query('INSERT INTO opinion_groups VALUES ($1)', [all.id]);
const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) SELECT group_opinion_recount(${all.id})`);
console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
await db.query("LOAD 'auto_explain'").catch(() => {});
await db.close();
await admin.close();
