/**
 * `kolscope start --role=worker` collecting from Telegram and Farcaster (the local fake services),
 * killed with SIGKILL after a random number of committed batches, then restarted: every message
 * and cast is stored once, and each source's posts_count says no batch was saved twice. Steps wait
 * for the batches the worker reports (its debug log), never for a span of time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exited, workerStore } from '../support/worker-store';
import { type FakeHub, startFakeHub } from './farcaster/fake-hub';
import { type FakeTelegram, startFakeTelegram } from './telegram/fake-telegram';

const store = workerStore('tgfc');
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const close of closers) await close();
  await store.drop();
});

function startWorker(tg: FakeTelegram, hub: FakeHub) {
  const child = store.start({
    SOURCES: 'telegram,farcaster',
    TELEGRAM_CHANNELS: 'worker_news',
    TELEGRAM_BASE_URL: tg.url,
    FARCASTER_HUB_URL: hub.url,
    FARCASTER_FIDS: '88',
    SEED_DEMO: 'false',
  });
  let out = '';
  const counts: Record<string, number> = { telegram: 0, farcaster: 0 };
  const waiters: { check: () => boolean; resolve: () => void; reject: (e: Error) => void }[] = [];
  const settle = () => {
    for (const w of [...waiters])
      if (w.check()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout?.on('data', (d: Buffer) => {
    const text = String(d);
    out += text;
    for (const name of Object.keys(counts))
      counts[name]! += text.match(new RegExp(`${name}: stored a batch`, 'g'))?.length ?? 0;
    settle();
  });
  child.stderr?.on('data', (d) => (out += d));
  child.once('exit', (code, signal) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`worker exited (${code ?? signal}):\n${out.slice(-2000)}`));
  });
  return {
    child,
    /** Resolves once each named source has committed at least n batches in this run. */
    batches: (n: Record<string, number>) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ check: () => Object.entries(n).every(([k, v]) => (counts[k] ?? 0) >= v), resolve, reject });
        settle();
      }),
  };
}

describe('telegram and farcaster in a worker process', () => {
  it('store everything once after a worker is killed mid-run', { timeout: 300_000 }, async () => {
    await store.create();
    const tg = await startFakeTelegram();
    const hub = await startFakeHub();
    closers.push(
      () => tg.close(),
      () => hub.close(),
    );
    const now = Date.now();
    const ch = tg.addChannel('worker_news', { title: 'Worker News', subscribers: '2K' });
    for (let id = 1; id <= 25; id++)
      ch.messages.push({ id, html: `note ${id} on $BTC`, date: new Date(now - (26 - id) * 60_000).toISOString() });
    hub.setProfile(88, { USERNAME: 'workercaster' }, 3);
    const hashes = [0, 1, 2].map((i) => hub.cast({ fid: 88, text: `cast ${i} on $ETH`, at: now - (5 - i) * 60_000 }));

    // Killed after one or two Telegram batches (the backfill is two), maybe inside the next one.
    const first = startWorker(tg, hub);
    await first.batches({ telegram: 1 + Math.floor(Math.random() * 2) });
    first.child.kill('SIGKILL');
    await exited(first.child);
    // One batch each from the stored cursors completes both: the rest of the backfill, or a poll.
    const last = startWorker(tg, hub);
    await last.batches({ telegram: 1, farcaster: 1 });
    last.child.kill('SIGTERM');
    await exited(last.child);

    const db = await store.open();
    try {
      const ids = (await db.query<{ id: string }>('SELECT id FROM posts ORDER BY id')).map((r) => r.id);
      const expected = [
        ...Array.from({ length: 25 }, (_, i) => `tg:worker_news/${i + 1}`),
        ...hashes.map((h) => `fc:${h}`),
      ].sort();
      expect(ids).toEqual(expected);
      const states = await db.query<{ name: string; posts_count: number }>(
        "SELECT name, posts_count FROM source_state WHERE name IN ('telegram', 'farcaster') ORDER BY name",
      );
      expect(states).toEqual([
        { name: 'farcaster', posts_count: 3 },
        { name: 'telegram', posts_count: 25 },
      ]);
    } finally {
      await db.close();
    }
  });
});
