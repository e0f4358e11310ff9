/**
 * Issue 13: image URLs from sources were used as given. Stored: http(s) and own paths only. Shown:
 * through GET /media/proxy, for signed-in users, public image hosts only (checked for the address
 * connected), raster images only, at most 5 MB.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../src/http/media/proxy';
import { MEDIA_REQUEST_LIMITS } from '../../src/services/request-limits';
import { until } from '../support/db-hold';
import type { Resolver } from '../../src/security/addresses';
import { rawPost } from '../support/posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const requests: string[] = [];
/** Answers of /held.png wait here until the test lets them go (holdPictures false). */
const held: ServerResponse[] = [];
let holdPictures = true;
const images = createServer((req: IncomingMessage, res) => {
  requests.push(req.url ?? '');
  if (req.url?.startsWith('/held.png')) {
    if (holdPictures) held.push(res);
    else res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    return;
  }
  if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<script>1</script>');
  else if (req.url === '/pic.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
  else if (req.url === '/redirect') res.writeHead(302, { location: '/ok.png' }).end();
  else if (req.url === '/bad-redirect') res.writeHead(302, { location: 'http://[::1' }).end();
  else if (req.url === '/big.png') {
    // No content-length: the cap must hold while reading, not only from the header. 64 KB chunks,
    // a bounded number of them: one more than the cap allows.
    res.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024);
    for (let i = 0; i <= MEDIA_MAX_BYTES / chunk.length; i++) res.write(chunk);
    res.end();
  } else res.writeHead(404).end();
});
let base = '';

const resolve: Resolver = async (name) => {
  if (name === 'img.example.com' || name === 'localhost') return ['127.0.0.1'];
  if (name === 'compat.example.com') return ['::7f00:1'];
  throw new Error(`getaddrinfo ENOTFOUND ${name}`);
};
let strict: TestApp;
let lan: TestApp;
let strictSession = '';
let lanSession = '';

beforeAll(async () => {
  await new Promise<void>((done) => images.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  strict = await startTestApp({ app: () => ({ mediaProxy: { resolve } }) });
  // Plays an operator whose image hosts are local, so the tests can reach the image server above.
  lan = await startTestApp({ app: () => ({ mediaProxy: { allowPrivate: true } }) });
  strictSession = await registerAndLogin(strict, 'reader@example.com');
  lanSession = await registerAndLogin(lan, 'reader@example.com');
});
afterAll(async () => {
  await strict.close();
  await lan.close();
  await new Promise((done) => images.close(done));
});

const proxy = (t: TestApp, url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/media/proxy?url=${encodeURIComponent(url)}`,
    headers: token ? { cookie: `token=${token}` } : {},
  });

describe('image proxy', () => {
  it('refuses readers who are not signed in', async () => {
    const res = await proxy(lan, `${base}/ok.png`);
    expect(res.statusCode).toBe(401);
    expect(requests).toEqual([]);
  });

  it.each([
    () => `${base}/ok.png`,
    () => `http://localhost:${new URL(base).port}/ok.png`,
    () => `http://2130706433:${new URL(base).port}/ok.png`,
    () => `http://img.example.com:${new URL(base).port}/ok.png`,
    () => 'http://169.254.169.254/latest/meta-data',
    () => 'http://[::1]/ok.png',
    // Issue 34: IPv6 forms carrying a private IPv4 address.
    () => `http://[::127.0.0.1]:${new URL(base).port}/ok.png`,
    () => 'http://[::a9fe:a9fe]/latest/meta-data',
    () => `http://[::ffff:127.0.0.1]:${new URL(base).port}/ok.png`,
    () => 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    () => 'http://[2002:7f00:1::1]/ok.png',
    () => `http://compat.example.com:${new URL(base).port}/ok.png`,
    () => 'file:///etc/passwd',
    () => 'javascript:alert(1)',
    () => 'not a url',
  ])('refuses a private or non-http address (%#) without connecting to it', async (url) => {
    const res = await proxy(strict, url(), strictSession);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^url: /);
    expect(requests).toEqual([]);
  });

  it('serves a picture with private cache headers', async () => {
    const res = await proxy(lan, `${base}/ok.png`, lanSession);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect((await proxy(lan, `${base}/redirect`, lanSession)).statusCode).toBe(200);
  });

  it.each(['/page.html', '/pic.svg', '/missing.png'])('refuses what is not a raster picture: %s', async (path) => {
    const res = await proxy(lan, `${base}${path}`, lanSession);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toMatch(/could not be loaded/);
  });

  it('answers a redirect to an address that is no URL with a clear error, not a 500', async () => {
    const res = await proxy(lan, `${base}/bad-redirect`, lanSession);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('The image could not be loaded: the image host redirected to an invalid address');
  });

  it('stops reading past 5 MB', async () => {
    const res = await proxy(lan, `${base}/big.png`, lanSession);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toContain('larger than 5 MB');
  });
});

describe("one user's downloads (issue 34)", () => {
  it('runs 4 at once, queues 60 more, refuses the rest with 429, and serves another user meanwhile', async () => {
    const { running, queued } = MEDIA_REQUEST_LIMITS;
    const extra = 6;
    const answers: number[] = [];
    const mine = Array.from({ length: running + queued + extra }, (_, i) =>
      proxy(lan, `${base}/held.png?${i}`, lanSession).then((r) => {
        answers.push(r.statusCode);
        return r;
      }),
    );
    await until(() => answers.length === extra, 'the excess answered');
    expect(answers).toEqual(Array(extra).fill(429));
    expect((await mine.at(-1)!).json().msg).toBe('Too many attempts, please retry in 1 seconds');
    await until(() => held.length === running, 'the running downloads reached the image host');
    const lanUser = (await lan.services.sessions.userIdOf(lanSession))!;
    expect(lan.services.requests.media.stats(`user:${lanUser}`)).toEqual({ running, queued });

    // Another user is not behind them: their picture comes while the first user's are held.
    const other = await registerAndLogin(lan, 'other-reader@example.com', 'secret-pass', '10.9.0.3');
    expect((await proxy(lan, `${base}/ok.png`, other)).statusCode).toBe(200);
    expect(held.length).toBe(running);

    holdPictures = false;
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const all = await Promise.all(mine);
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(running + queued);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(extra);
    expect(lan.services.requests.media.stats(`user:${lanUser}`)).toEqual({ running: 0, queued: 0 });
  });
});

describe('stored image addresses', () => {
  it('keeps http(s) and own paths, drops javascript:, data: and protocol-relative ones', async () => {
    const post = rawPost({ authorId: 'img-author' });
    post.author.icon = 'javascript:alert(document.cookie)';
    post.medias = [
      { imgUrlThumb: 'https://pbs.example/t.jpg', imgUrlOrigin: 'https://pbs.example/o.jpg' },
      { imgUrlThumb: 'data:image/svg+xml,<svg onload=alert(1)>', imgUrlOrigin: '//evil.example/x.png' },
      { imgUrlThumb: '/demo-media/image/a.png', imgUrlOrigin: 'file:///etc/passwd' },
    ];
    await saveBatch(
      strict.db,
      {
        source: 'test',
        posts: [post],
        enrichments: [{ coins: [], categories: [], sentiment: { label: 'neutral', score: 0, cues: [] }, lang: 'en' }],
        cursor: null,
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
    const [row] = await strict.db.query<{ medias: unknown }>('SELECT medias FROM posts WHERE id = $1', [post.id]);
    expect(row?.medias).toEqual([
      { imgUrlThumb: 'https://pbs.example/t.jpg', imgUrlOrigin: 'https://pbs.example/o.jpg' },
      { imgUrlThumb: '/demo-media/image/a.png', imgUrlOrigin: '' },
    ]);
    const [author] = await strict.db.query<{ icon: string }>('SELECT icon FROM x_accounts WHERE id = $1', [
      'img-author',
    ]);
    expect(author?.icon).toBe('');
  });
});
