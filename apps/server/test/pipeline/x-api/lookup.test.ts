import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createXApiSource, SourceError } from '../../../src/pipeline/sources/x-api/index';
import type { RawAuthor } from '../../../src/pipeline/types';
import { type FakeX, startFakeX, user } from './fake-x';

let fake: FakeX;
let clock = 1_700_000_000_000;
const signal = new AbortController().signal;
let handles: string[];
let saved: { users: RawAuthor[]; now: Date }[];

beforeEach(async () => {
  fake = await startFakeX();
  clock = 1_700_000_000_000;
  handles = [];
  saved = [];
});
afterEach(() => fake.close());

/** The source with handle lookup, the store replaced by a list the test reads. */
function source(tracked = [{ id: '100', username: 'alice' }], handleRetryMs?: number) {
  return createXApiSource({
    bearerToken: 'test-token',
    baseUrl: fake.url,
    listTracked: async () => tracked,
    listHandles: async () => handles,
    saveResolved: async (users, now) => {
      saved.push({ users, now });
      // Resolved handles are no longer handle-only, as after the real merge.
      const found = new Set(users.map((u) => u.username.toLowerCase()));
      handles = handles.filter((h) => !found.has(h));
    },
    pollIntervalMs: 30_000,
    now: () => clock,
    ...(handleRetryMs === undefined ? {} : { handleRetryMs }),
  });
}
const paths = () => fake.requests.map((r) => r.path);
const cursorOf = (text: string | null) => JSON.parse(text!) as { missing?: Record<string, number> };

describe('x-api source: looking handle-only accounts up', () => {
  it('asks GET /2/users/by before the round, and hands over the users found', async () => {
    fake.users = [
      user('500', 'Dave_X', {
        public_metrics: { followers_count: 4321, following_count: 0, tweet_count: 0, listed_count: 0 },
        verified: true,
        verified_type: 'business',
      }),
    ];
    handles = ['dave_x', 'nobody_here'];
    const src = source();
    const batch = await src.fetch(null, signal);
    expect(paths()).toEqual(['/2/users/by']);
    expect(fake.requests[0]!.query.get('usernames')).toBe('dave_x,nobody_here');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer test-token');
    expect(saved).toEqual([
      {
        now: new Date(clock),
        users: [
          {
            id: '500',
            username: 'Dave_X',
            name: 'DAVE_X',
            icon: 'https://pbs.twimg.com/profile_images/1/Dave_X_bigger.jpg',
            followersCount: 4321,
            isBlueVerified: true,
            verifiedType: 'business',
          },
        ],
      },
    ]);
    expect(batch.posts).toEqual([]);
    expect(batch.waitMs).toBe(0);
    expect(batch.rejected.map((r) => r.reason)).toEqual([
      'user lookup: @nobody_here not resolved (Not Found Error: Could not find user with usernames: [nobody_here].); ' +
        'asked again in 60 min',
    ]);
    expect(cursorOf(batch.nextCursor).missing).toEqual({ nobody_here: clock / 1000 });

    // The unknown name is not asked again within the hour: the round goes on.
    const next = await src.fetch(batch.nextCursor, signal);
    expect(paths()).toEqual(['/2/users/by', '/2/users/100/tweets']);
    expect(cursorOf(next.nextCursor).missing).toEqual({ nobody_here: clock / 1000 });
  });

  it('asks at most 100 names a request and never sends a name X would refuse', async () => {
    handles = [...Array.from({ length: 150 }, (_, i) => `kol_${i}`), 'bad-name', 'far_too_long_for_x_1'];
    const src = source();
    const first = await src.fetch(null, signal);
    expect(first.rejected.map((r) => r.reason).slice(0, 2)).toEqual([
      'user lookup: @bad-name is not a valid X username; asked again in 60 min',
      'user lookup: @far_too_long_for_x_1 is not a valid X username; asked again in 60 min',
    ]);
    const second = await src.fetch(first.nextCursor, signal);
    await src.fetch(second.nextCursor, signal);
    expect(paths()).toEqual(['/2/users/by', '/2/users/by', '/2/users/100/tweets']);
    const sent = fake.requests.slice(0, 2).map((r) => r.query.get('usernames')!.split(','));
    expect(sent.map((s) => s.length)).toEqual([100, 50]);
    expect(new Set(sent.flat()).size).toBe(150);
    expect(Object.keys(cursorOf(second.nextCursor).missing!)).toHaveLength(152);
  });

  it('asks again after handleRetryMs, and forgets names no longer waiting', async () => {
    handles = ['ghost', 'phantom'];
    const src = source([], 600_000);
    const a = await src.fetch(null, signal);
    expect(cursorOf(a.nextCursor).missing).toEqual({ ghost: clock / 1000, phantom: clock / 1000 });
    clock += 599_000;
    const b = await src.fetch(a.nextCursor, signal);
    expect(b).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 30_000 }); // nothing to do
    handles = ['ghost']; // phantom was resolved elsewhere or untracked
    clock += 1_000;
    const c = await src.fetch(a.nextCursor, signal);
    expect(fake.requests.map((r) => r.query.get('usernames'))).toEqual(['ghost,phantom', 'ghost']);
    expect(cursorOf(c.nextCursor).missing).toEqual({ ghost: clock / 1000 });
    handles = [];
    const d = await source([{ id: '100', username: 'alice' }]).fetch(c.nextCursor, signal);
    expect(cursorOf(d.nextCursor).missing).toBeUndefined();
  });

  it('skips a rate-limited lookup while the timelines have quota, and asks again after the reset', async () => {
    handles = ['ghost'];
    const src = source();
    fake.queue.push({
      status: 429,
      headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(clock / 1000 + 900) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 },
    });
    const err = await src.fetch(null, signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ status: 429, retryAfterMs: 1000, message: expect.stringMatching(/user lookup/) });
    await src.fetch(null, signal);
    expect(paths()).toEqual(['/2/users/by', '/2/users/100/tweets']);
    clock += 900_000;
    await src.fetch(null, signal);
    expect(paths()).toEqual(['/2/users/by', '/2/users/100/tweets', '/2/users/by']);
  });

  it('reports a 400 and lets the names wait; throws on 401 and 5xx like the timelines', async () => {
    handles = ['ghost'];
    fake.queue.push({ status: 400, body: { title: 'Invalid Request', detail: 'One or more parameters was invalid.' } });
    const a = await source().fetch(null, signal);
    expect(a.rejected.map((r) => r.reason)).toEqual([
      'X API HTTP 400 on user lookup: One or more parameters was invalid.; asked again in 60 min',
    ]);
    expect(cursorOf(a.nextCursor).missing).toEqual({ ghost: clock / 1000 });

    fake.queue.push({ status: 401, body: { title: 'Unauthorized', detail: 'Unauthorized', status: 401 } });
    await expect(source().fetch(null, signal)).rejects.toThrow(/HTTP 401.*check X_BEARER_TOKEN/);
    fake.queue.push({ status: 503, body: { detail: 'Service Unavailable' } });
    await expect(source().fetch(null, signal)).rejects.toMatchObject({ name: 'SourceError', status: 503 });
    fake.queue.push({ status: 200, body: '<html>gateway</html>' });
    await expect(source().fetch(null, signal)).rejects.toThrow(/non-JSON body on user lookup/);
    expect(saved).toEqual([]);
  });

  it('does not look up without listHandles, keeping the existing behaviour', async () => {
    const plain = createXApiSource({
      bearerToken: 'test-token',
      baseUrl: fake.url,
      listTracked: async () => [{ id: '100', username: 'alice' }],
    });
    await plain.fetch(null, signal);
    expect(paths()).toEqual(['/2/users/100/tweets']);
  });
});
