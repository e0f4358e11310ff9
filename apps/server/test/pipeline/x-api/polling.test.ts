import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createXApiSource, SourceError } from '../../../src/pipeline/sources/x-api/index';
import { type FakeX, startFakeX, tweet, user } from './fake-x';
import { poll } from '../poll';

let fake: FakeX;
let clock = 1_700_000_000_000;
const signal = new AbortController().signal;
const alice = { id: '100', username: 'alice' };
const bob = { id: '200', username: 'bob' };
const id = (n: number) => `18580000000000${String(n).padStart(5, '0')}`;

beforeEach(async () => {
  fake = await startFakeX();
  fake.users = [user('100', 'alice'), user('200', 'bob')];
  clock = 1_700_000_000_000;
});
afterEach(() => fake.close());

function source(tracked = [alice], searchQuery?: string) {
  return createXApiSource({
    bearerToken: 'test-token',
    baseUrl: fake.url,
    listTracked: async () => tracked,
    maxResults: 5,
    pollIntervalMs: 30_000,
    now: () => clock,
    ...(searchQuery ? { searchQuery } : {}),
  });
}

describe('x-api source: polling', () => {
  it('reads only the newest page first, then pages through the gap and advances since_id', async () => {
    fake.pageSize = 2;
    fake.tweets = [1, 2, 3].map((n) => tweet(id(n), '100', `old ${n}`));
    const src = source();
    const first = await src.fetch(null, signal);
    expect(first.posts.map((p) => p.text)).toEqual(['old 3', 'old 2']);
    expect(JSON.parse(first.nextCursor!)).toEqual({
      v: 1,
      last: 'u:100',
      lastUser: '100',
      users: { '100': { sinceId: id(3) } },
      search: {},
    });
    expect(first.waitMs).toBe(30_000); // one target: a full round

    fake.tweets.push(...[4, 5, 6, 7, 8].map((n) => tweet(id(n), '100', `new ${n}`)));
    const { batches, cursor } = await poll(src, first.nextCursor, 4, signal);
    expect(batches.map((b) => b.posts.map((p) => p.text))).toEqual([
      ['new 8', 'new 7'],
      ['new 6', 'new 5'],
      ['new 4'],
      [],
    ]);
    const sent = fake.requests.slice(1).map((r) => [r.query.get('since_id'), r.query.get('pagination_token')]);
    expect(sent[0]).toEqual([id(3), null]);
    expect(sent[1]![0]).toBe(id(3)); // since_id stays fixed while paging
    expect(sent[1]![1]).toBeTruthy();
    expect(sent[3]).toEqual([id(8), null]);
    expect(batches.map((b) => b.waitMs)).toEqual([0, 0, 30_000, 30_000]);
    expect(JSON.parse(cursor!).users['100']).toEqual({ sinceId: id(8) });
  });

  it('resumes a pending page from the stored cursor after a restart', async () => {
    fake.pageSize = 2;
    fake.tweets = [1, 4, 5, 6].map((n) => tweet(id(n), '100', `t${n}`));
    const mid = await source().fetch(
      JSON.stringify({ v: 1, users: { '100': { sinceId: id(1) } }, search: {} }),
      signal,
    );
    expect(mid.posts.map((p) => p.text)).toEqual(['t6', 't5']);
    const fresh = source(); // a new process, same cursor
    const rest = await fresh.fetch(mid.nextCursor, signal);
    expect(rest.posts.map((p) => p.text)).toEqual(['t4']);
    expect(JSON.parse(rest.nextCursor!).users['100']).toEqual({ sinceId: id(6) });
  });

  it('goes round-robin over tracked users and the search, one request per fetch', async () => {
    fake.tweets = [tweet(id(1), '100', 'alice btc'), tweet(id(2), '200', 'bob btc')];
    const { batches } = await poll(source([alice, bob], 'btc'), null, 4, signal);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/2/users/100/tweets',
      '/2/users/200/tweets',
      '/2/tweets/search/recent',
      '/2/users/100/tweets',
    ]);
    expect(fake.requests[2]!.query.get('max_results')).toBe('10'); // search minimum
    expect(batches.map((b) => b.waitMs)).toEqual([0, 0, 30_000, 0]);
    expect(batches[2]!.posts.map((p) => p.id)).toEqual([id(2), id(1)]);
  });

  it('honours x-rate-limit-remaining 0: skips the endpoint, then waits until reset', async () => {
    fake.tweets = [tweet(id(1), '100', 'btc')];
    const reset = clock / 1000 + 120;
    fake.headers = { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) };
    const src = source([alice, bob], 'btc');
    const a = await src.fetch(null, signal);
    expect(a.posts).toHaveLength(1);
    expect(a.waitMs).toBe(0); // search is still available
    const b = await src.fetch(a.nextCursor, signal);
    expect(fake.requests.map((r) => r.path)).toEqual(['/2/users/100/tweets', '/2/tweets/search/recent']);
    expect(b.waitMs).toBe(120_000); // both endpoints exhausted
    clock += 60_000;
    const c = await src.fetch(b.nextCursor, signal);
    expect(fake.requests).toHaveLength(2); // nothing asked before the reset
    expect(c).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 60_000 });
    clock += 60_000;
    fake.headers = {};
    await src.fetch(b.nextCursor, signal);
    expect(fake.requests[2]!.path).toBe('/2/users/200/tweets'); // bob's turn, as the cursor says
  });

  it('turns HTTP 429 into a SourceError with retryAfterMs, and does not ask again before reset', async () => {
    const src = source();
    fake.queue.push({
      status: 429,
      headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(clock / 1000 + 900) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const err = await src.fetch(null, signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ status: 429, retryAfterMs: 900_000 });
    const again = await src.fetch(null, signal);
    expect(again.waitMs).toBe(900_000);
    expect(fake.requests).toHaveLength(1);

    fake.queue.push({ status: 429, headers: { 'retry-after': '42' }, body: {} });
    const other = await source()
      .fetch(null, signal)
      .catch((e: unknown) => e);
    expect(other).toMatchObject({ retryAfterMs: 42_000 });

    // The search still has quota: retry soon, and serve it while the timelines wait.
    fake.queue.push({ status: 429, headers: { 'x-rate-limit-reset': String(clock / 1000 + 900) } });
    const both = source([alice], 'btc');
    await expect(both.fetch(null, signal)).rejects.toMatchObject({ retryAfterMs: 1000 });
    await both.fetch(null, signal);
    expect(fake.requests.at(-1)!.path).toBe('/2/tweets/search/recent');
  });

  it('explains 401 and 403 in terms of X_BEARER_TOKEN, with the token sent as Bearer', async () => {
    const bad = createXApiSource({ bearerToken: 'wrong', baseUrl: fake.url, listTracked: async () => [alice] });
    await expect(bad.fetch(null, signal)).rejects.toThrow(/HTTP 401.*check X_BEARER_TOKEN/);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer wrong');
    fake.queue.push({ status: 403, body: { title: 'Client Forbidden', detail: 'client-not-enrolled', status: 403 } });
    await expect(source().fetch(null, signal)).rejects.toThrow(/HTTP 403: client-not-enrolled.*X_BEARER_TOKEN/);
  });

  it('rejects malformed items and partial errors while keeping the rest of the page', async () => {
    const good = tweet(id(9), '100', 'fine');
    fake.queue.push({
      body: {
        data: [
          good,
          { ...tweet(id(8), '100', ''), text: undefined },
          tweet(id(7), '999', 'who wrote this'),
          tweet(id(6), '100', 'bad date', { created_at: 'yesterday' }),
          'not a tweet',
        ],
        includes: { users: [user('100', 'alice')] },
        errors: [{ title: 'Not Found Error', detail: 'Could not find tweet with ids: [1].', resource_type: 'tweet' }],
        meta: { result_count: 5, newest_id: id(9), oldest_id: id(6) },
      },
    });
    const batch = await source().fetch(null, signal);
    expect(batch.posts.map((p) => p.text)).toEqual(['fine']);
    expect(batch.rejected.map((r) => r.reason)).toEqual([
      `tweet ${id(8)}: missing text`,
      `tweet ${id(7)}: author 999 not in includes.users`,
      `tweet ${id(6)}: bad created_at yesterday`,
      'tweet is not an object',
      'X API error: Not Found Error: Could not find tweet with ids: [1].',
    ]);
    expect(JSON.parse(batch.nextCursor!).users['100'].sinceId).toBe(id(9));
  });

  it('throws on non-JSON bodies, 5xx and network failures; keeps the cursor', async () => {
    fake.queue.push({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>gateway</html>' });
    await expect(source().fetch(null, signal)).rejects.toThrow(/non-JSON body.*<html>gateway/);
    fake.queue.push({ status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable' } });
    await expect(source().fetch(null, signal)).rejects.toMatchObject({ name: 'SourceError', status: 503 });
    const url = fake.url;
    await fake.close();
    const gone = createXApiSource({ bearerToken: 't', baseUrl: url, listTracked: async () => [alice] });
    await expect(gone.fetch(null, signal)).rejects.toThrow(/X API request failed/);
    fake = await startFakeX();
  });

  it('reports a 400 on one target and starts it afresh instead of stalling the others', async () => {
    const cursor = JSON.stringify({ v: 1, last: 'u:100', users: {}, search: { query: 'btc', sinceId: id(1) } });
    fake.queue.push({
      status: 400,
      body: { title: 'Invalid Request', detail: "Invalid 'since_id': must be a tweet id created after …" },
    });
    const batch = await source([alice], 'btc').fetch(cursor, signal);
    expect(batch.rejected[0]!.reason).toMatch(/HTTP 400 on recent search: Invalid 'since_id'/);
    expect(JSON.parse(batch.nextCursor!).search).toEqual({ query: 'btc' });
    expect(batch.waitMs).toBe(30_000);
  });

  it('starts afresh from an unreadable cursor and drops untracked users', async () => {
    expect((await source().fetch('{not json', signal)).posts).toEqual([]);
    const old = JSON.stringify({ v: 1, users: { '100': { sinceId: id(5) }, '300': { sinceId: id(1) } }, search: {} });
    const batch = await source().fetch(old, signal);
    expect(fake.requests[1]!.query.get('since_id')).toBe(id(5));
    expect(Object.keys(JSON.parse(batch.nextCursor!).users)).toEqual(['100']);
  });

  it('passes an abort through untouched', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(source().fetch(null, ctl.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
