/** The price sources' configuration: defaults, trailing slashes, and URLs refused with a clear message. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('price source configuration', () => {
  it('defaults to the public CoinGecko and Binance APIs, without a key', () => {
    expect(loadConfig({})).toMatchObject({
      coinGecko: { baseUrl: 'https://api.coingecko.com/api/v3', apiKey: undefined },
      binanceBaseUrl: 'https://api.binance.com',
    });
  });

  it('reads the base URLs (trailing slash dropped) and the key', () => {
    const c = loadConfig({
      COINGECKO_BASE_URL: 'https://pro-api.coingecko.com/api/v3/',
      COINGECKO_API_KEY: 'CG-abc',
      BINANCE_BASE_URL: 'https://data-api.binance.vision/',
    });
    expect(c.coinGecko).toEqual({ baseUrl: 'https://pro-api.coingecko.com/api/v3', apiKey: 'CG-abc' });
    expect(c.binanceBaseUrl).toBe('https://data-api.binance.vision');
  });

  it.each([
    [{ COINGECKO_BASE_URL: 'api.coingecko.com' }, /COINGECKO_BASE_URL must be an absolute http\(s\) URL/],
    [{ BINANCE_BASE_URL: 'ftp://api.binance.com' }, /BINANCE_BASE_URL must be an absolute http\(s\) URL/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
