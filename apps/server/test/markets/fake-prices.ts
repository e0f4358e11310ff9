/**
 * A local stand-in for both price APIs, speaking their documented shapes:
 * - CoinGecko GET /coins/{id}/market_chart/range?vs_currency=usd&from&to (seconds): every point of
 *   `points` (per id) with from*1000 <= ms <= to*1000, as {prices, market_caps, total_volumes};
 * - Binance GET /api/v3/klines?symbol&interval&startTime&endTime&limit: the first `limit` (at most
 *   1000) rows of `klines` (per symbol and interval) with startTime <= openTime <= endTime, as
 *   [openTime, "o", "h", "l", "c", "vol", closeTime, ...] with prices as strings.
 * Unknown ids and symbols answer as the real APIs do (404 {"error":"coin not found"}, 400
 * {"code":-1121,...}). Tests can queue raw answers to play errors, and read every request made.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CannedAnswer, FakeRequest } from '../pipeline/x-api/fake-x';

export type { CannedAnswer, FakeRequest };

export interface FakePrices {
  url: string;
  requests: FakeRequest[];
  /** CoinGecko: id -> [ms, price] points. */
  points: Map<string, [number, number][]>;
  /** Binance: `${symbol} ${interval}` -> raw rows. */
  klines: Map<string, unknown[]>;
  /** Headers added to every generated answer, e.g. x-mbx-used-weight-1m. */
  headers: Record<string, string>;
  /** Answers served, in order, before the generated ones. */
  queue: CannedAnswer[];
  close(): Promise<void>;
}

/** A Binance row as the API writes it (prices as strings, closeTime the last ms of the interval). */
export function klineRow(
  openMs: number,
  stepMs: number,
  o: number,
  h: number,
  l: number,
  c: number,
  vol = 1,
): unknown[] {
  return [openMs, String(o), String(h), String(l), String(c), String(vol), openMs + stepMs - 1, '0', 1, '0', '0', '0'];
}

export async function startFakePrices(): Promise<FakePrices> {
  const fake: FakePrices = {
    url: '',
    requests: [],
    points: new Map(),
    klines: new Map(),
    headers: {},
    queue: [],
    close: async () => {},
  };

  function answer(path: string, q: URLSearchParams): CannedAnswer {
    const range = /^\/coins\/([^/]+)\/market_chart\/range$/.exec(path);
    if (range) {
      const points = fake.points.get(decodeURIComponent(range[1] ?? ''));
      if (!points) return { status: 404, body: { error: 'coin not found' } };
      const from = Number(q.get('from')) * 1000;
      const to = Number(q.get('to')) * 1000;
      const prices = points.filter(([ms]) => ms >= from && ms <= to);
      return {
        body: {
          prices,
          market_caps: prices.map(([ms, p]) => [ms, p * 1e6]),
          total_volumes: prices.map(([ms, p]) => [ms, p * 1e3]),
        },
      };
    }
    if (path === '/api/v3/klines') {
      const rows = fake.klines.get(`${q.get('symbol')} ${q.get('interval')}`);
      if (!rows) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
      const start = Number(q.get('startTime'));
      const end = Number(q.get('endTime'));
      const limit = Math.min(1000, Number(q.get('limit') ?? 500));
      // Malformed rows (tests put some in) are passed through wherever they stand.
      const openOf = (row: unknown) => (Array.isArray(row) && typeof row[0] === 'number' ? row[0] : undefined);
      const inSpan = rows.filter((row) => {
        const open = openOf(row);
        return open === undefined || (open >= start && open <= end);
      });
      return { body: inSpan.slice(0, limit) };
    }
    return { status: 404, body: { error: 'not found' } };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const canned = fake.queue.shift();
    const reply = canned ?? answer(url.pathname, url.searchParams);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    res.writeHead(reply.status ?? 200, {
      'content-type': 'application/json',
      ...(canned ? {} : fake.headers),
      ...reply.headers,
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** A clock that moves only when slept on: pacing tests read its waits instead of the real time. */
export function fakeClock(start: number) {
  const clock = {
    t: start,
    waits: [] as number[],
    now: () => clock.t,
    async sleep(ms: number) {
      clock.waits.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}
