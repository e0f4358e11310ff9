/**
 * `kolscope start --role=worker` with SOURCES=bluesky against the local AppView and Jetstream:
 * killed with SIGKILL mid-backfill several times, then restarted, it stores every backfilled and
 * every live post exactly once. Each step waits for what the worker reports (its debug line per
 * committed batch) or for its Jetstream connection, never for a span of time.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, workerStore } from '../../support/worker-store';
import { commit, type FakeBluesky, feedItem, postRecord, profile, startFakeBluesky } from './fake-bluesky';

const store = workerStore('bsky');
const ACCOUNTS = ['alice', 'bob', 'carol'].map((n) => profile(`did:plc:${n}`, `${n}.bsky.social`));
const PAGES = 6;
const PAGE_SIZE = 5;
const LIVE = 4;

const workerEnv = (fake: FakeBluesky) => ({
  SOURCES: 'bluesky',
  BLUESKY_ACCOUNTS: ACCOUNTS.map((a) => a.handle).join(','),
  BLUESKY_APPVIEW_URL: fake.appviewUrl,
  BLUESKY_JETSTREAM_URL: fake.jetstreamUrl,
  SEED_DEMO: 'false',
});

interface Worker {
  child: ChildProcess;
  /** Resolves once the worker has committed `n` batches since it started. */
  batches(n: number): Promise<void>;
  /** Resolves once the worker has stored `n` new posts after opening its Jetstream socket. */
  liveFresh(n: number): Promise<void>;
}

function startWorker(fake: FakeBluesky): Worker {
  const child = store.start(workerEnv(fake));
  let out = '';
  let committed = 0;
  let liveFresh = 0;
  let live = false;
  const waiters: { n: number; fresh: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  const settle = () => {
    for (const w of [...waiters])
      if (committed >= w.n && liveFresh >= w.fresh) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout?.on('data', (d: Buffer) => {
    const text = String(d);
    out += text;
    // Lines come in order: batches after "Jetstream connected" are live ones (the backfill ends first).
    for (const m of text.matchAll(/bluesky: (Jetstream connected|stored a batch of \d+ posts \((\d+) new\))/g)) {
      if (m[1] === 'Jetstream connected') live = true;
      else {
        committed++;
        if (live) liveFresh += Number(m[2]);
      }
    }
    settle();
  });
  child.stderr?.on('data', (d) => (out += d));
  child.once('exit', (code, signal) => {
    for (const w of waiters.splice(0))
      w.reject(new Error(`worker exited (${code ?? signal}) after ${committed} batches:\n${out.slice(-2000)}`));
  });
  return {
    child,
    batches: (n) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ n, fresh: 0, resolve, reject });
        settle();
      }),
    liveFresh: (fresh) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ n: 0, fresh, resolve, reject });
        settle();
      }),
  };
}

const upTo = (max: number) => 1 + Math.floor(Math.random() * max);

/** A killed worker's lease runs out after 60 s; the test lets it lapse at once instead. */
async function expireLease() {
  const db = await store.open();
  try {
    await db.query(`UPDATE source_state SET lease_until = NULL WHERE name = 'bluesky'`);
  } finally {
    await db.close();
  }
}

afterAll(() => store.drop());

describe('a bluesky worker killed mid-batch', () => {
  // A budget for the work (three process starts), not a speed claim.
  it('stores every backfilled and live post once after restarts', { timeout: 300_000 }, async () => {
    await store.create();
    const fake = await startFakeBluesky();
    try {
      fake.profiles.push(...ACCOUNTS);
      fake.pageSize = PAGE_SIZE;
      const expected: string[] = [];
      const now = Date.now();
      for (const a of ACCOUNTS) {
        const items = [];
        for (let i = 0; i < PAGES * PAGE_SIZE; i++) {
          const rkey = `3k${i.toString().padStart(4, '0')}`;
          items.push(
            feedItem(a, rkey, `${a.handle} on $BTC, take ${i}`, new Date(now - (i + 1) * 60_000).toISOString()),
          );
          expected.push(`bsky:${a.did}/${rkey}`);
        }
        fake.feeds.set(String(a.did), items);
      }

      for (let kill = 0; kill < 2; kill++) {
        const worker = startWorker(fake);
        await worker.batches(upTo(3));
        await new Promise((r) => setTimeout(r, Math.random() * 100));
        worker.child.kill('SIGKILL');
        await exited(worker.child);
        await expireLease();
      }

      // The last worker finishes the backfill, then opens the live stream.
      const before = fake.connections.length;
      const last = startWorker(fake);
      await fake.connected(before + 1);
      const liveFrom = Date.now() * 1000;
      for (let i = 0; i < LIVE; i++) {
        const a = ACCOUNTS[i % ACCOUNTS.length] as (typeof ACCOUNTS)[number];
        const rkey = `3lv${i}`;
        fake.emit(commit(String(a.did), rkey, liveFrom + i, postRecord(`live ${i} $ETH`, new Date().toISOString())));
        expected.push(`bsky:${a.did}/${rkey}`);
      }
      await last.liveFresh(LIVE);
      last.child.kill('SIGTERM');
      await exited(last.child);

      const db = await store.open();
      try {
        const stored = await db.query<{ id: string; network: string; url: string }>(
          'SELECT id, network, url FROM posts ORDER BY id',
        );
        expect(stored.map((r) => r.id)).toEqual([...expected].sort());
        expect(new Set(stored.map((r) => r.network))).toEqual(new Set(['bluesky']));
        expect(stored[0]?.url).toMatch(/^https:\/\/bsky\.app\/profile\/alice\.bsky\.social\/post\/3k/);
        const [state] = await db.query<{ cursor: string }>(`SELECT cursor FROM source_state WHERE name = 'bluesky'`);
        expect(JSON.parse(state?.cursor ?? '{}').live).toBe(liveFrom + LIVE - 1);
      } finally {
        await db.close();
      }
    } finally {
      await fake.close();
    }
  });
});
