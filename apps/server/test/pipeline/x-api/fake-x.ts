/**
 * A local stand-in for the X API v2: GET /2/users/:id/tweets and GET /2/tweets/search/recent
 * answering with the documented {data, includes, meta} shapes, since_id filtering, opaque
 * pagination tokens and x-rate-limit-* headers; GET /2/users/by looking `users` up by username
 * (case-insensitive, only the user.fields asked, unknown names in `errors`, a 400 for an invalid
 * name or more than 100). Tests can queue raw answers to play errors.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Json = Record<string, unknown>;

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface CannedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (to play non-JSON bodies); anything else as JSON. */
  body?: unknown;
}

export interface FakeX {
  url: string;
  requests: FakeRequest[];
  /** v2 tweet objects, any order; `author_id` decides the timeline they belong to. */
  tweets: Json[];
  users: Json[];
  media: Json[];
  /** Server-side page size cap, to force pagination regardless of max_results. */
  pageSize: number;
  /** Headers added to every generated answer, e.g. x-rate-limit-remaining. */
  headers: Record<string, string>;
  /** Answers served, in order, before the generated ones. */
  queue: CannedAnswer[];
  close(): Promise<void>;
}

const byIdDesc = (a: Json, b: Json) => {
  const x = String(a.id);
  const y = String(b.id);
  return x.length !== y.length ? y.length - x.length : y < x ? -1 : y > x ? 1 : 0;
};
const newer = (id: string, since: string) => (id.length !== since.length ? id.length > since.length : id > since);

export async function startFakeX(): Promise<FakeX> {
  const fake: FakeX = {
    url: '',
    requests: [],
    tweets: [],
    users: [],
    media: [],
    pageSize: 100,
    headers: {},
    queue: [],
    close: async () => {},
  };

  function page(all: Json[], query: URLSearchParams, tokenParam: string): Json {
    const since = query.get('since_id');
    const matching = all.filter((t) => !since || newer(String(t.id), since)).sort(byIdDesc);
    const size = Math.min(Number(query.get('max_results') ?? 10), fake.pageSize);
    const token = query.get(tokenParam);
    const offset = token ? Number(Buffer.from(token, 'base64url').toString().replace('page:', '')) : 0;
    const data = matching.slice(offset, offset + size);
    if (data.length === 0) return { meta: { result_count: 0 } };
    const authorIds = new Set(data.map((t) => t.author_id));
    const keys = new Set(data.flatMap((t) => ((t.attachments as Json | undefined)?.media_keys as string[]) ?? []));
    const meta: Json = {
      result_count: data.length,
      newest_id: data[0]?.id,
      oldest_id: data[data.length - 1]?.id,
    };
    if (offset + size < matching.length) {
      meta.next_token = Buffer.from(`page:${offset + size}`).toString('base64url');
    }
    const includes: Json = { users: fake.users.filter((u) => authorIds.has(u.id)) };
    const media = fake.media.filter((m) => keys.has(String(m.media_key)));
    if (media.length) includes.media = media;
    return { data, includes, meta };
  }

  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
    const canned = fake.queue.shift();
    if (canned) {
      const body = typeof canned.body === 'string' ? canned.body : JSON.stringify(canned.body ?? {});
      res.writeHead(canned.status ?? 200, { 'content-type': 'application/json', ...canned.headers });
      res.end(body);
      return;
    }
    if (req.headers.authorization !== 'Bearer test-token') {
      res.writeHead(401, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }));
      return;
    }
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(u.pathname);
    let body: Json | undefined;
    if (timeline) {
      body = page(
        fake.tweets.filter((t) => t.author_id === timeline[1]),
        u.searchParams,
        'pagination_token',
      );
    } else if (u.pathname === '/2/users/by') {
      const names = (u.searchParams.get('usernames') ?? '').split(',');
      const bad = names.filter((n) => !/^[A-Za-z0-9_]{1,15}$/.test(n));
      if (bad.length || names.length > 100) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            errors: [
              {
                parameters: { usernames: bad },
                message: `The \`usernames\` query parameter value [${bad[0]}] is invalid`,
              },
            ],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
          }),
        );
        return;
      }
      // id, name and username always; the rest only when asked for, as X does.
      const fields = new Set(['id', 'name', 'username', ...(u.searchParams.get('user.fields') ?? '').split(',')]);
      const data: Json[] = [];
      const errors: Json[] = [];
      for (const name of names) {
        const found = fake.users.find((x) => String(x.username).toLowerCase() === name.toLowerCase());
        if (found) data.push(Object.fromEntries(Object.entries(found).filter(([k]) => fields.has(k))));
        else {
          errors.push({
            value: name,
            detail: `Could not find user with usernames: [${name}].`,
            title: 'Not Found Error',
            resource_type: 'user',
            parameter: 'usernames',
            resource_id: name,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          });
        }
      }
      body = { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) };
    } else if (u.pathname === '/2/tweets/search/recent') {
      const q = (u.searchParams.get('query') ?? '').toLowerCase().split(' ')[0] ?? '';
      body = page(
        fake.tweets.filter((t) => String(t.text).toLowerCase().includes(q)),
        u.searchParams,
        'next_token',
      );
    }
    if (!body) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ title: 'Not Found Error', detail: `no route ${u.pathname}`, status: 404 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', ...fake.headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A v2 tweet object with the fields kolscope asks for. */
export function tweet(id: string, authorId: string, text: string, extra: Json = {}): Json {
  const ms = Number((BigInt(id) >> 22n) + 1288834974657n);
  return {
    id,
    text,
    author_id: authorId,
    created_at: new Date(ms).toISOString(),
    lang: 'en',
    edit_history_tweet_ids: [id],
    public_metrics: { retweet_count: 1, reply_count: 2, like_count: 3, quote_count: 4, impression_count: 5 },
    ...extra,
  };
}

/** A v2 user object as returned in includes.users. */
export function user(id: string, username: string, extra: Json = {}): Json {
  return {
    id,
    name: username.toUpperCase(),
    username,
    profile_image_url: `https://pbs.twimg.com/profile_images/1/${username}_normal.jpg`,
    public_metrics: { followers_count: 1000, following_count: 10, tweet_count: 500, listed_count: 3 },
    verified: false,
    verified_type: 'none',
    ...extra,
  };
}
