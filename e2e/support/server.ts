/**
 * Starts the real product for a test: the production build (server bundle serving the built web
 * app) in a child process on a free port, on its own embedded database, mailing through a local
 * SMTP server whose messages the test reads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtp } from '../../apps/server/test/support/smtp';
// Builds whatever is missing or stale, exactly as `npm start` does.
import { ensureServerBuilt, ensureWebBuilt } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../apps/server/test/support/free-port';

// Benchmarks bundle this file elsewhere; they name the repository root in KOLSCOPE_ROOT.
const root = process.env.KOLSCOPE_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));

export const INNER_CODE = 'E2E-INNER';

/** The demo rate a product runs at: the file's own (process.env), else 1,500 posts a day. */
export const demoRate = () => process.env.DEMO_POSTS_PER_DAY ?? '1500';

export interface ProductOptions {
  /** false: return once the server answers, while the demo history still loads. */
  waitForLive?: boolean;
  /** Adds to or overrides the server's environment (other sources: SOURCES, TELEGRAM_BASE_URL, …). */
  env?: Record<string, string>;
  /**
   * Start from a copy of this data folder (one a stopped product left, `keepDataIn`) instead of
   * an empty one: its demo history is loaded, so the server is live as soon as it has caught up
   * the minutes since.
   */
  dataFrom?: string;
  /** Use this folder for the data and leave it after `stop` (to copy with `dataFrom`). */
  keepDataIn?: string;
}

export async function startProduct(opts: ProductOptions = {}) {
  await ensureServerBuilt();
  await ensureWebBuilt();
  const smtp = await startSmtp();
  const port = await freePort();
  const dataDir = opts.keepDataIn ?? mkdtempSync(join(tmpdir(), 'kolscope-e2e-'));
  if (opts.dataFrom) cpSync(opts.dataFrom, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/dist/cli.js'), 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      INNER_CODES: INNER_CODE,
      LOG_LEVEL: 'warn',
      // A month of demo history at 1,500 posts a day: enough for every report bucket and feed
      // page the tests read, at half the start-up cost of the product's 3,000. A file may ask
      // for another rate (process.env) or pass its own (opts.env).
      DEMO_POSTS_PER_DAY: demoRate(),
      // The request statement bound stays the production default (10 s): background work runs in
      // short slices after the requests (pipeline/scheduler.ts), so a request never waits long.
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A test that gives up (its hook timeout) must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  // No deadline of its own: how long the start and the history take depends on the machine; the
  // suite's hook timeout ends a start that hangs, and an exited server fails at once.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    // Up, and the demo backfill over: tests read a settled data set (sources say 'live', and the
    // track records of the loaded history are derived: they follow the backfill's last batch).
    const health = await fetch(`${url}/healthz`).then(
      (r) =>
        r.ok
          ? (r.json() as Promise<{ sources?: Record<string, string>; history?: { recordsPending?: boolean } }>)
          : undefined,
      () => undefined,
    );
    const settled = Object.values(health?.sources ?? {}).every((s) => s === 'live') && !health?.history?.recordsPending;
    if (health && (opts.waitForLive === false || settled)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    smtp,
    output: () => output,
    async stop() {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await smtp.close();
      if (!opts.keepDataIn) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type Product = Awaited<ReturnType<typeof startProduct>>;
