/** The catalogue's market ids: every mapped coin exists, and no id or pair names two coins. */
import { describe, expect, it } from 'vitest';
import { coinBySymbol } from '../../src/domain/coins/catalogue';
import { coinGeckoId, exchangeSymbol, MARKET_ID_ROWS } from '../../src/domain/coins/market-ids';
import { MARKET_BASKET } from '../../src/markets/types';

describe('market ids', () => {
  it('maps only catalogue coins, each once', () => {
    const symbols = MARKET_ID_ROWS.map(([symbol]) => symbol);
    expect(symbols.filter((symbol) => !coinBySymbol(symbol))).toEqual([]);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(symbols.length).toBeGreaterThanOrEqual(100);
  });

  it('gives every coin its own CoinGecko id and Binance pair', () => {
    const ids = MARKET_ID_ROWS.map(([, id]) => id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const pairs = MARKET_ID_ROWS.flatMap(([, , pair]) => (pair ? [pair] : []));
    expect(pairs.filter((pair, i) => pairs.indexOf(pair) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const pair of pairs) expect(pair).toMatch(/^[A-Z0-9]+USDT$/);
  });

  it('answers by symbol in any case, with or without $', () => {
    expect(coinGeckoId('BTC')).toBe('bitcoin');
    expect(coinGeckoId('eth')).toBe('ethereum');
    expect(coinGeckoId('$SOL')).toBe('solana');
    expect(coinGeckoId('XRP')).toBe('ripple');
    expect(coinGeckoId('WIF')).toBe('dogwifcoin');
    expect(exchangeSymbol('btc')).toBe('BTCUSDT');
    expect(exchangeSymbol('RON')).toBe('RONINUSDT');
    // Priced on CoinGecko, but no Binance USDT pair (USDT itself; MATIC migrated to POL).
    expect(exchangeSymbol('USDT')).toBeUndefined();
    expect(exchangeSymbol('MATIC')).toBeUndefined();
    expect(coinGeckoId('NOSUCHCOIN')).toBeUndefined();
    expect(exchangeSymbol('NOSUCHCOIN')).toBeUndefined();
  });

  it('prices the whole market basket on both sources', () => {
    for (const coin of MARKET_BASKET) {
      expect(coinGeckoId(coin), coin).toBeDefined();
      expect(exchangeSymbol(coin), coin).toBe(`${coin}USDT`);
    }
  });
});
