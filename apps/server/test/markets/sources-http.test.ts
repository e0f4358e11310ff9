/** What both price adapters share: Retry-After in its two forms, transport failures, aborts. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCoinGeckoSource } from '../../src/markets/sources/coingecko';
import { retryAfterMs } from '../../src/markets/sources/http';

const T0 = 1_735_689_600;

describe('price source HTTP', () => {
  it('reads Retry-After as seconds or an HTTP date, never under a second', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('7', now, 60_000)).toBe(7000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:30 GMT', now, 60_000)).toBe(30_000);
    expect(retryAfterMs('0', now, 60_000)).toBe(1000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now, 60_000)).toBe(1000);
    expect(retryAfterMs('soon', now, 60_000)).toBe(60_000);
    expect(retryAfterMs(null, now, 60_000)).toBe(60_000);
    expect(retryAfterMs(' ', now, 5000)).toBe(5000);
  });

  it('names the source when the server cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const cg = createCoinGeckoSource({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    await expect(cg.candles('BTC', '1h', T0, T0 + 3600, new AbortController().signal)).rejects.toThrow(
      /^CoinGecko request failed: /,
    );
  });

  it('lets the worker abort a request the server holds', async () => {
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    // Never answers: only the abort can end the call.
    const server = createServer(() => received());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const controller = new AbortController();
      const cg = createCoinGeckoSource({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
      const call = cg.candles('BTC', '1h', T0, T0 + 3600, controller.signal);
      await arrived;
      controller.abort();
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
