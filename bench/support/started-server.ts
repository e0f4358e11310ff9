/**
 * What the benches that start the built server share (busy-start, first-minute, history-load):
 * a free port, percentiles, the load average, and each database in turn, PostgreSQL in a schema
 * made for the run and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : Number.NaN;
};

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/**
 * Runs `run` on the embedded database, then on PostgreSQL (BENCH_DATABASE_URL, default the local
 * `test` database) in a schema of its own; `BENCH_DB=pglite|pg` runs one.
 */
export async function onEachDatabase(
  schemaPrefix: string,
  run: (label: string, databaseUrl: string | undefined) => Promise<void>,
): Promise<void> {
  const which = process.env.BENCH_DB;
  if (which !== 'pg') await run('embedded', undefined);
  if (which === 'pglite') return;
  const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const schema = `${schemaPrefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    await run('postgresql', url);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
