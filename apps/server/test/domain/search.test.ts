import { describe, expect, it } from 'vitest';
import { POPULAR_COINS, searchCoins } from '../../src/domain/coins/search';

const symbols = (query: string, limit?: number) => searchCoins(query, limit).map((r) => r.coin);

describe('searchCoins', () => {
  it('returns the contract shape {coin, name, icon}', () => {
    expect(searchCoins('btc')[0]).toEqual({ coin: 'BTC', name: 'Bitcoin', icon: '/coin-icons/btc.svg' });
  });

  it('strips a leading $ and ignores case and spaces', () => {
    expect(symbols('$btc')[0]).toBe('BTC');
    expect(symbols('  $$Eth ')[0]).toBe('ETH');
  });

  it('ranks an exact symbol, then symbol prefixes, then name prefixes, then substrings', () => {
    const eth = symbols('eth');
    expect(eth[0]).toBe('ETH');
    // Symbol prefixes (ETHFI, ETHOS) come before coins found by name (Ethena, Ethereum Classic).
    expect(eth.indexOf('ETHFI')).toBeLessThan(eth.indexOf('ENA'));
    expect(eth.indexOf('ETHOS')).toBeLessThan(eth.indexOf('ETC'));
    const bt = symbols('bt');
    expect(bt[0]).toBe('BTC'); // the most popular of the symbol prefixes
    expect(bt.slice(0, 5).every((s) => s.startsWith('BT'))).toBe(true);
  });

  it('finds coins by name and alias, including a word inside the name', () => {
    expect(symbols('chainlink')[0]).toBe('LINK');
    expect(symbols('solana')[0]).toBe('SOL');
    expect(symbols('inu')).toContain('SHIB');
    expect(symbols('ripple')[0]).toBe('XRP');
  });

  it('finds coins by Chinese names and nicknames', () => {
    expect(symbols('比特')[0]).toBe('BTC');
    expect(symbols('比特')).toContain('BCH');
    expect(symbols('以太坊')[0]).toBe('ETH');
    expect(symbols('狗狗')[0]).toBe('DOGE');
    expect(symbols('大饼')).toEqual(['BTC']);
  });

  it('finds substrings last', () => {
    expect(symbols('coin')).toEqual(expect.arrayContaining(['DOGE', 'USDC']));
  });

  it('gives the most popular coins for an empty query', () => {
    expect(symbols('')).toEqual(POPULAR_COINS.slice(0, 20));
    expect(symbols('$', 5)).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'BNB']);
  });

  it('honours the limit and returns nothing for no match', () => {
    expect(searchCoins('a', 3)).toHaveLength(3);
    expect(searchCoins('a', 0)).toEqual([]);
    expect(searchCoins('zzzqqq')).toEqual([]);
  });

  it('lists only catalogue coins in the popularity order', () => {
    expect(searchCoins('', 100)).toHaveLength(POPULAR_COINS.length);
  });
});
