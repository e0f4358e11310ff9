/**
 * Approved handle-only KOLs end up polled: the x-api source, wired as `kolscope start` wires it,
 * looks tracked `handle:<name>` accounts up with GET /2/users/by, merges each into its numeric id
 * (lists, posts and view rules follow), and then fetches the account's timeline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { collectionRepo } from '../../../src/db/repos/collection';
import { sourceStateRepo } from '../../../src/db/repos/source-state';
import { buildSources } from '../../../src/pipeline/collection';
import { createEnricher } from '../../../src/pipeline/enrich/index';
import { builtinClassifier } from '../../../src/pipeline/enrich/sentiment/classifier';
import { runOnce } from '../../../src/pipeline/runner';
import { saveResolvedHandles } from '../../../src/pipeline/store';
import { storeHooks } from '../../../src/services/store-hooks';
import type { RawAuthor, Source } from '../../../src/pipeline/types';
import { storePosts } from '../../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../../support/test-app';
import { type FakeX, startFakeX, tweet, user } from './fake-x';

let t: TestApp;
let fake: FakeX;
let ann: string;
let admin: string;
const signal = new AbortController().signal;
const id = (n: number) => `18590000000000${String(n).padStart(5, '0')}`;

beforeEach(async () => {
  fake = await startFakeX();
  t = await startTestApp({ adminEmails: ['admin@example.com'] });
  ann = await registerAndLogin(t, 'ann@example.com');
  admin = await registerAndLogin(t, 'admin@example.com');
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

function xSource(): Source {
  const config = loadConfig({ SOURCES: 'x-api', X_BEARER_TOKEN: 'test-token', X_API_BASE_URL: fake.url });
  const [source] = buildSources(config, { db: t.db, hooks: storeHooks, clock: t.clock });
  return source!;
}
const run = (source: Source) =>
  runOnce(
    source,
    { db: t.db, enricher: createEnricher(builtinClassifier), hooks: storeHooks, clock: t.clock, log: () => {} },
    signal,
  );

/** Submits the handles as a user and approves them as the administrator, through the API. */
async function approve(...names: string[]) {
  for (const name of names) {
    expect(
      (await t.call('kol_group/add_unlisted_twitter_user', { twitterUserName: name }, { token: ann })).body.ret,
    ).toBe(1);
  }
  const pending = (await t.call('admin/kol_submissions', {}, { token: admin })).body.data as {
    submission_id: string;
  }[];
  for (const p of pending) {
    expect(
      (await t.call('admin/kol_review', { submissionId: p.submission_id, approve: true }, { token: admin })).body.ret,
    ).toBe(1);
  }
}

async function addGroup(name: string, white: string[], black: string[]): Promise<string> {
  const body = { name, twitterUserFans: [0, 0], whiteTwitterUserIds: white, blackTwitterUserIds: black };
  expect((await t.call('kol_group/add', body, { token: ann })).body).toEqual({ ret: 1, data: null });
  const groups = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string; name: string }[];
  return groups.find((g) => g.name === name)!.id;
}

const lists = async () =>
  (
    await t.db.query<{ name: string; account_id: string; list: string }>(
      `SELECT g.name, l.account_id, l.list FROM kol_group_accounts l JOIN kol_groups g ON g.id = l.group_id
       ORDER BY g.name, l.account_id`,
    )
  ).map((r) => `${r.name}:${r.account_id}:${r.list}`);
const account = async (accountId: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM x_accounts WHERE id = $1', [accountId]))[0];
const lookups = () => fake.requests.filter((r) => r.path === '/2/users/by');

describe('x-api source: handle-only tracked accounts', () => {
  it('resolves an approved handle, moves its references to the numeric id, then polls it', async () => {
    await approve('NewKol', 'ghost_kol');
    expect((await t.db.query('SELECT id, tracked FROM x_accounts ORDER BY id')).map((r) => r.id)).toEqual([
      'handle:ghost_kol',
      'handle:newkol',
    ]);
    // References to the handle id: lists of two groups, a post from a handle-only source (RSS
    // style: no author id) and a view's authors rule.
    await addGroup('Watch', ['handle:newkol'], []);
    await addGroup('Mute', [], ['handle:newkol', 'handle:ghost_kol']);
    await storePosts(t.db, [{ text: 'gm from the rss feed', ct: 1_763_000_000, authorId: '', username: 'NewKol' }]);
    const rule = { label: 'NewKol', value: 'handle:newkol', data: { username: 'NewKol' } };
    const added = await t.call(
      'view/add',
      { name: 'Mine', viewType: 'content_feed', matchingRules: [{ type: 'authors', rules: [rule] }] },
      { token: ann },
    );
    expect(added.body.ret).toBe(1);
    // The spec's plain form names the handle only; it is saved under the handle id (issue 12).
    const plain = await t.call(
      'view/add',
      { name: 'Plain', viewType: 'content_feed', matchingRules: [{ type: 'authors', rules: ['@newkol'] }] },
      { token: ann },
    );
    expect(plain.body.ret).toBe(1);

    fake.users = [
      user('300', 'NewKol', {
        public_metrics: { followers_count: 54_321, following_count: 1, tweet_count: 2, listed_count: 3 },
        verified: true,
        verified_type: 'blue',
      }),
    ];
    fake.tweets = [tweet(id(1), '300', 'first post read from the timeline')];
    const source = xSource();

    // 1st fetch: the lookup, before any timeline.
    await run(source);
    expect(fake.requests.map((r) => r.path)).toEqual(['/2/users/by']);
    expect(lookups()[0]!.query.get('usernames')).toBe('ghost_kol,newkol');
    expect(lookups()[0]!.query.get('user.fields')!.split(',')).toEqual(
      expect.arrayContaining(['public_metrics', 'profile_image_url', 'verified', 'name', 'username']),
    );
    expect(lookups()[0]!.headers.authorization).toBe('Bearer test-token');

    expect(await account('handle:newkol')).toBeUndefined();
    expect(await account('300')).toMatchObject({
      username: 'NewKol',
      name: 'NEWKOL',
      icon: 'https://pbs.twimg.com/profile_images/1/NewKol_bigger.jpg',
      followers_count: 54_321,
      is_blue_verified: true,
      verified_type: 'blue',
      tracked: true,
      source: 'review',
    });
    expect(await lists()).toEqual(['Mute:300:black', 'Mute:handle:ghost_kol:black', 'Watch:300:white']);
    expect(await t.db.query('SELECT author_id FROM posts')).toEqual([{ author_id: '300' }]);
    const [view] = await t.db.query<{ matching_rules: unknown }>(
      `SELECT matching_rules FROM views WHERE name = 'Mine'`,
    );
    expect(view!.matching_rules).toEqual([{ type: 'authors', rules: [{ ...rule, value: '300' }] }]);
    const [plainView] = await t.db.query<{ matching_rules: unknown }>(
      `SELECT matching_rules FROM views WHERE name = 'Plain'`,
    );
    expect(plainView!.matching_rules).toEqual([
      // The label is the name the handle row had when the view was saved (from the RSS post).
      { type: 'authors', rules: [{ label: 'Chart Wizard', value: '300', data: { username: 'NewKol' } }] },
    ]);
    // The unknown name stays as it is, tracked, and waits in the cursor.
    expect(await account('handle:ghost_kol')).toMatchObject({ tracked: true });
    expect(await collectionRepo(t.db).trackedAccounts()).toEqual([{ id: '300', username: 'NewKol' }]);
    const state = await sourceStateRepo(t.db).get('x-api');
    expect(Object.keys(JSON.parse(state!.cursor!).missing)).toEqual(['ghost_kol']);
    expect(Number(state!.rejected_count)).toBe(1);
    expect(Number(state!.error_count)).toBe(0);

    // 2nd and 3rd fetches: the timeline, and no new lookup for the unknown name.
    await run(source);
    await run(source);
    expect(fake.requests.map((r) => r.path)).toEqual(['/2/users/by', '/2/users/300/tweets', '/2/users/300/tweets']);
    const posts = await t.db.query<{ text: string; author_id: string }>(
      'SELECT text, author_id FROM posts ORDER BY seq',
    );
    expect(posts).toEqual([
      { text: 'gm from the rss feed', author_id: '300' },
      { text: 'first post read from the timeline', author_id: '300' },
    ]);
    // The group shows the account under its numeric id.
    const watch = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string; name: string }[];
    const info = (
      await t.call('kol_group/info', { groupId: watch.find((g) => g.name === 'Watch')!.id }, { token: ann })
    ).body.data as { white_twitter_users: { id: string; username: string }[] };
    expect(info.white_twitter_users.map((u) => [u.id, u.username])).toEqual([['300', 'NewKol']]);

    // An hour later the unknown name is asked again, alone.
    t.clock.advance(3601);
    await run(source);
    expect(lookups().map((r) => r.query.get('usernames'))).toEqual(['ghost_kol,newkol', 'ghost_kol']);
  });

  it('merges into an account already known, without duplicate list entries, and is idempotent', async () => {
    await approve('carol');
    await storePosts(t.db, [{ text: 'carol via rss', ct: 1_763_000_001, authorId: '', username: 'Carol' }]);
    // Carol's numeric row arrives afterwards (another source), untracked meanwhile.
    await storePosts(t.db, [{ text: 'carol speaks', ct: 1_763_000_000, authorId: '400', username: 'carol' }]);
    await t.db.query(`UPDATE x_accounts SET tracked = false WHERE id = '400'`);
    expect(await t.db.query('SELECT author_id FROM posts ORDER BY ct')).toEqual([
      { author_id: '400' },
      { author_id: 'handle:carol' },
    ]);
    await addGroup('Both', ['handle:carol', '400'], []);
    await addGroup('Split', ['400'], ['handle:carol']);
    await addGroup('HandleOnly', [], ['handle:carol']);

    fake.users = [
      user('400', 'Carol', {
        public_metrics: { followers_count: 777, following_count: 1, tweet_count: 2, listed_count: 3 },
      }),
    ];
    fake.tweets = [tweet(id(2), '400', 'carol on the timeline')];
    const source = xSource();
    await run(source);

    expect(await account('handle:carol')).toBeUndefined();
    expect(await account('400')).toMatchObject({ username: 'Carol', followers_count: 777, tracked: true });
    expect(await lists()).toEqual(['Both:400:white', 'HandleOnly:400:black', 'Split:400:white']);
    expect(await t.db.query('SELECT author_id FROM posts ORDER BY ct')).toEqual([
      { author_id: '400' },
      { author_id: '400' },
    ]);

    // Merging again (a retried batch, a second worker) changes nothing.
    const before = await t.db.query('SELECT * FROM x_accounts ORDER BY id');
    await saveResolvedHandles(
      t.db,
      [
        {
          id: '400',
          username: 'Carol',
          name: 'CAROL',
          icon: '',
          followersCount: 1,
          isBlueVerified: false,
          verifiedType: 'none',
        },
      ],
      t.clock.now(),
      storeHooks,
    );
    expect(await t.db.query('SELECT * FROM x_accounts ORDER BY id')).toEqual(before);
    expect(await lists()).toEqual(['Both:400:white', 'HandleOnly:400:black', 'Split:400:white']);

    await run(source);
    expect(fake.requests.map((r) => r.path)).toEqual(['/2/users/by', '/2/users/400/tweets']);
    expect((await t.db.query<{ text: string }>(`SELECT text FROM posts WHERE author_id = '400'`)).length).toBe(3);
  });

  it('merges the accounts of one lookup in one transaction', async () => {
    await approve('erin', 'frank');
    await addGroup('Pair', ['handle:erin', 'handle:frank'], []);
    const found = (id: string, username: string, followersCount: number): RawAuthor => ({
      id,
      username,
      name: username,
      icon: '',
      followersCount,
      isBlueVerified: false,
      verifiedType: 'none',
    });
    // Frank's row cannot be written (a follower count that is not a number): Erin's merge, done
    // first, must not stay behind either.
    await expect(
      saveResolvedHandles(
        t.db,
        [found('610', 'erin', 5), found('620', 'frank', Number.NaN)],
        t.clock.now(),
        storeHooks,
      ),
    ).rejects.toThrow();
    expect((await t.db.query('SELECT id FROM x_accounts ORDER BY id')).map((r) => r.id)).toEqual([
      'handle:erin',
      'handle:frank',
    ]);
    expect(await lists()).toEqual(['Pair:handle:erin:white', 'Pair:handle:frank:white']);
    await saveResolvedHandles(t.db, [found('610', 'erin', 5), found('620', 'frank', 6)], t.clock.now(), storeHooks);
    expect(await lists()).toEqual(['Pair:610:white', 'Pair:620:white']);
  });
});
