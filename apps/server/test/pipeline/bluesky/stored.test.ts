/**
 * The bluesky source as `kolscope start` wires it (config → buildSources) into a real database
 * through the runner: accounts keep their network, bio and links, posts their network and page,
 * and a delete on Bluesky flags the stored post vanished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnerOptions } from '../../support/runner-options';
import { loadConfig } from '../../../src/config';
import type { Db } from '../../../src/db/db';
import { buildSources } from '../../../src/pipeline/collection';
import { runOnce } from '../../../src/pipeline/runner';
import { storeHooks } from '../../../src/services/store-hooks';
import { closeTestDb, openMigratedDb } from '../../support/test-app';
import { commit, type FakeBluesky, feedItem, postRecord, profile, startFakeBluesky } from './fake-bluesky';

const DID = 'did:plc:storedalice';
const ALICE = profile(DID, 'alice.bsky.social', {
  displayName: 'Alice',
  followersCount: 7000,
  description: 'BTC maxi. https://x.com/alice_btc',
});

let db: Db;
let drop: () => Promise<void>;
let fake: FakeBluesky;
const ac = new AbortController();
const logs: string[] = [];
const opts = () => runnerOptions(db, (l) => void logs.push(l));

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
  fake = await startFakeBluesky();
});
afterAll(async () => {
  ac.abort();
  await fake.close();
  await closeTestDb(db, drop);
});

describe('bluesky into the database', () => {
  it('stores backfilled and live posts with their network, and flags deleted ones', async () => {
    fake.profiles.push(ALICE);
    fake.feeds.set(DID, [feedItem(ALICE, '3kback', '$BTC reclaiming the range high', new Date().toISOString())]);
    const config = loadConfig({
      SOURCES: 'bluesky',
      BLUESKY_ACCOUNTS: 'alice.bsky.social',
      BLUESKY_APPVIEW_URL: fake.appviewUrl,
      BLUESKY_JETSTREAM_URL: fake.jetstreamUrl,
    });
    const [source] = buildSources(config, { db, hooks: storeHooks });
    if (!source) throw new Error('no source built');
    expect(source.name).toBe('bluesky');

    await runOnce(source, opts(), ac.signal);
    const [account] = await db.query<Record<string, unknown>>('SELECT * FROM x_accounts WHERE id = $1', [
      `bsky:${DID}`,
    ]);
    expect(account).toMatchObject({
      network: 'bluesky',
      username: 'alice.bsky.social',
      followers_count: 7000,
      bio: 'BTC maxi. https://x.com/alice_btc',
      links: ['https://x.com/alice_btc'],
    });

    // Live: the runner's next fetch opens the socket and waits for the event.
    const live = runOnce(source, opts(), ac.signal);
    await fake.connected(1);
    fake.emit(commit(DID, '3klive', Date.now() * 1000, postRecord('$ETH looks heavy here', new Date().toISOString())));
    await live;
    const deleted = runOnce(source, opts(), ac.signal);
    fake.emit(commit(DID, '3kback', Date.now() * 1000 + 1, undefined, 'delete'));
    await deleted;

    const posts = await db.query<{ id: string; network: string; url: string; vanished: boolean; coins: string[] }>(
      'SELECT id, network, url, vanished, coins FROM posts WHERE author_id = $1 ORDER BY id',
      [`bsky:${DID}`],
    );
    expect(posts).toEqual([
      {
        id: `bsky:${DID}/3kback`,
        network: 'bluesky',
        url: 'https://bsky.app/profile/alice.bsky.social/post/3kback',
        vanished: true,
        coins: ['BTC'],
      },
      {
        id: `bsky:${DID}/3klive`,
        network: 'bluesky',
        url: 'https://bsky.app/profile/alice.bsky.social/post/3klive',
        vanished: false,
        coins: ['ETH'],
      },
    ]);
  });
});
