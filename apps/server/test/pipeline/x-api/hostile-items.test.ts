/**
 * A polled source delivering posts the database cannot store or dated far ahead (issue 13): the
 * x-api source against the fake X API, through the real runner. Before the screen, one NUL in one
 * tweet failed the whole batch, every round, and a tweet dated 2286 sat on top of every feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/db';
import { migrate } from '../../../src/db/migrate';
import { sourceStateRepo } from '../../../src/db/repos/source-state';
import { createEnricher } from '../../../src/pipeline/enrich/index';
import { builtinClassifier } from '../../../src/pipeline/enrich/sentiment/classifier';
import { runOnce } from '../../../src/pipeline/runner';
import { storeHooks } from '../../../src/services/store-hooks';
import { createXApiSource } from '../../../src/pipeline/sources/x-api/index';
import { openTestDb } from '../../support/test-app';
import { type FakeX, startFakeX, tweet, user } from './fake-x';

let db: Db;
let drop: () => Promise<void>;
let fake: FakeX;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
  fake = await startFakeX();
});
afterAll(async () => {
  await fake.close();
  await db.close();
  await drop();
});

const id = (n: number) => `18570000000000${String(n).padStart(5, '0')}`;

describe('x-api source: hostile items', () => {
  it('stores the good tweets of a round and counts and logs the ones refused', async () => {
    fake.users = [user('100', 'alice'), user('300', 'mallory', { name: 'Mal \ud800 lory' })];
    fake.tweets = [
      tweet(id(1), '100', 'fine tweet about $BTC'),
      tweet(id(2), '100', 'null \u0000 byte'),
      tweet(id(3), '300', 'a fine text by a broken name'),
      tweet(id(4), '100', 'from the future', { created_at: '2286-11-20T17:46:39.000Z' }),
      tweet(id(5), '100', 'another fine tweet'),
    ];
    // The clock stands a day after the newest tweet (ids carry their time).
    const nowMs = Number((BigInt(id(5)) >> 22n) + 1288834974657n) + 86_400_000;
    const source = createXApiSource({
      bearerToken: 'test-token',
      baseUrl: fake.url,
      listTracked: async () => [
        { id: '100', username: 'alice' },
        { id: '300', username: 'mallory' },
      ],
      maxResults: 10,
      now: () => nowMs,
    });
    const logs: string[] = [];
    const opts = {
      db,
      enricher: createEnricher(builtinClassifier),
      hooks: storeHooks,
      clock: { now: () => new Date(nowMs) },
      log: (l: string) => void logs.push(l),
    };
    // One round per tracked account.
    await runOnce(source, opts, new AbortController().signal);
    await runOnce(source, opts, new AbortController().signal);
    const stored = await db.query<{ id: string }>('SELECT id FROM posts ORDER BY id');
    expect(stored.map((r) => r.id)).toEqual([id(1), id(5)]);
    expect(await sourceStateRepo(db).get('x-api')).toMatchObject({ posts_count: 2, rejected_count: 3 });
    const skipped = logs.filter((l) => l.startsWith('x-api: skipped')).join('\n');
    expect(skipped).toContain('text: the text must not contain a NUL character');
    expect(skipped).toContain('created_at: created_at_in_future');
    expect(skipped).toContain('author.name: the text is not valid Unicode (a lone surrogate)');
  });
});
