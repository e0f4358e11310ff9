import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRssSource } from '../../../src/pipeline/sources/rss/index';
import { type FeedServer, fixture, startFeedServer } from './feed-server';
import { poll } from '../poll';

let host: FeedServer;
const signal = new AbortController().signal;

beforeEach(async () => {
  host = await startFeedServer();
});
afterEach(() => host.close());

/** A minimal Nitter feed with the given status ids, newest first. */
function nitter(user: string, ids: string[]): string {
  const items = ids
    .map(
      (id) => `<item><title>post ${id}</title><dc:creator>@${user}</dc:creator>
      <description><![CDATA[<p>post ${id}</p>]]></description><pubDate>Tue, 19 Nov 2024 10:00:00 GMT</pubDate>
      <guid>https://nitter.net/${user}/status/${id}#m</guid><link>https://nitter.net/${user}/status/${id}#m</link></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel>
<title>${user} / @${user}</title><link>https://nitter.net/${user}</link>${items}</channel></rss>`;
}

describe('rss source: polling', () => {
  it('returns only items newer than the last id on the next poll', async () => {
    host.feeds.set('/a/rss', { body: nitter('a', ['1858000000000000002', '1858000000000000001']) });
    const src = createRssSource({ feeds: [`${host.url}/a/rss`] });
    const first = await src.fetch(null, signal);
    expect(first.posts.map((p) => p.id)).toEqual(['1858000000000000002', '1858000000000000001']);
    expect(JSON.parse(first.nextCursor!)).toEqual({
      v: 1,
      last: `${host.url}/a/rss`,
      feeds: { [`${host.url}/a/rss`]: { lastId: '1858000000000000002' } },
    });
    // Ids of different lengths compare as numbers, not as strings.
    host.feeds.set('/a/rss', {
      body: nitter('a', ['10000000000000000003', '1858000000000000009', '1858000000000000002', '999']),
    });
    const second = await src.fetch(first.nextCursor, signal);
    expect(second.posts.map((p) => p.id)).toEqual(['10000000000000000003', '1858000000000000009']);
    const third = await src.fetch(second.nextCursor, signal);
    expect(third.posts).toEqual([]);
  });

  it('sends If-None-Match / If-Modified-Since and treats 304 as nothing new', async () => {
    host.feeds.set('/etag', { body: nitter('a', ['1858000000000000001']), etag: '"v1"' });
    host.feeds.set('/lm', {
      body: nitter('b', ['1858000000000000002']),
      lastModified: 'Tue, 19 Nov 2024 10:00:00 GMT',
    });
    const src = createRssSource({ feeds: [`${host.url}/etag`, `${host.url}/lm`], pollIntervalMs: 5000 });
    const round1 = await poll(src, null, 2, signal);
    expect(round1.batches.flatMap((b) => b.posts.map((p) => p.id))).toEqual([
      '1858000000000000001',
      '1858000000000000002',
    ]);
    const round2 = await poll(src, round1.cursor, 2, signal);
    expect(round2.batches.map((b) => b.posts)).toEqual([[], []]);
    expect(round2.batches.map((b) => b.rejected)).toEqual([[], []]);
    expect(host.requests[2]!.headers['if-none-match']).toBe('"v1"');
    expect(host.requests[3]!.headers['if-modified-since']).toBe('Tue, 19 Nov 2024 10:00:00 GMT');
    expect(JSON.parse(round2.cursor!).feeds[`${host.url}/etag`]).toEqual({
      lastId: '1858000000000000001',
      etag: '"v1"',
    });

    host.feeds.set('/etag', { body: nitter('a', ['1858000000000000005', '1858000000000000001']), etag: '"v2"' });
    const changed = await src.fetch(round2.cursor, signal);
    expect(changed.posts.map((p) => p.id)).toEqual(['1858000000000000005']);
    expect(JSON.parse(changed.nextCursor!).feeds[`${host.url}/etag`].etag).toBe('"v2"');
  });

  it('goes round-robin, one feed per fetch, and waits after a full round', async () => {
    host.feeds.set('/a', { body: nitter('a', ['1858000000000000001']) });
    host.feeds.set('/b', { body: fixture('rsshub-bob.atom.xml') });
    host.feeds.set('/c', { body: fixture('nitter-alice.xml') });
    const src = createRssSource({
      feeds: [`${host.url}/a`, `${host.url}/b`, ` ${host.url}/c `, ''],
      pollIntervalMs: 7000,
    });
    const { batches } = await poll(src, null, 4, signal);
    expect(host.requests.map((r) => r.path)).toEqual(['/a', '/b', '/c', '/a']);
    expect(batches.map((b) => b.waitMs)).toEqual([0, 0, 7000, 0]);
    expect(batches.map((b) => b.posts.length)).toEqual([1, 2, 4, 0]);
  });

  it('counts a failing feed as one rejected item and keeps the others flowing', async () => {
    host.feeds.set('/bad', { body: '<rss><channel><item><title>oops</channel></rss>' });
    host.feeds.set('/down', { body: 'upstream error', status: 502 });
    host.feeds.set('/html', { body: '<html><body>captcha</body></html>', contentType: 'text/html' });
    host.feeds.set('/ok', { body: nitter('ok', ['1858000000000000001']) });
    const feeds = ['/bad', '/down', '/missing', '/html', '/ok'].map((p) => `${host.url}${p}`);
    const { batches, cursor } = await poll(createRssSource({ feeds }), null, 5, signal);
    expect(batches.map((b) => b.rejected.map((r) => r.reason))).toEqual([
      [expect.stringMatching(/^feed http:.*\/bad: malformed XML: /)],
      [`feed ${host.url}/down: HTTP 502`],
      [`feed ${host.url}/missing: HTTP 404`],
      [`feed ${host.url}/html: not an RSS 2.0 or Atom document`],
      [],
    ]);
    expect(batches[1]!.rejected[0]!.sample).toBe('upstream error');
    expect(batches[4]!.posts).toHaveLength(1);
    expect(JSON.parse(cursor!).last).toBe(`${host.url}/ok`);
  });

  it('drops validators of a feed that failed, so the next poll reads it in full', async () => {
    const url = `${host.url}/a`;
    host.feeds.set('/a', { body: 'not xml at all <', etag: '"x"' });
    const cursor = JSON.stringify({ v: 1, feeds: { [url]: { lastId: '5', etag: '"old"' } } });
    const batch = await createRssSource({ feeds: [url] }).fetch(cursor, signal);
    expect(batch.rejected).toHaveLength(1);
    expect(JSON.parse(batch.nextCursor!).feeds[url]).toEqual({ lastId: '5' });
  });

  it('reports an unreachable host as a rejected feed, and passes an abort through', async () => {
    const url = host.url;
    await host.close();
    const src = createRssSource({ feeds: [`${url}/a`] });
    const batch = await src.fetch(null, signal);
    expect(batch.rejected[0]!.reason).toMatch(/^feed .*: request failed: /);
    const ctl = new AbortController();
    ctl.abort();
    await expect(src.fetch(null, ctl.signal)).rejects.toMatchObject({ name: 'AbortError' });
    host = await startFeedServer();
  });

  it('starts afresh from an unreadable cursor, forgets removed feeds, and idles with no feeds', async () => {
    host.feeds.set('/a', { body: nitter('a', ['1858000000000000001']) });
    const src = createRssSource({ feeds: [`${host.url}/a`] });
    expect((await src.fetch('][', signal)).posts).toHaveLength(1);
    const stale = JSON.stringify({ v: 1, last: 'gone', feeds: { gone: { lastId: '1' } } });
    const batch = await src.fetch(stale, signal);
    expect(Object.keys(JSON.parse(batch.nextCursor!).feeds)).toEqual([`${host.url}/a`]);
    expect(await createRssSource({ feeds: [] }).fetch(null, signal)).toEqual({
      posts: [],
      rejected: [],
      nextCursor: null,
      waitMs: 60_000,
    });
  });
});
