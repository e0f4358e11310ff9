import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDED_COINS } from '../../src/domain/coins/additions';
import { CATALOGUE_SOURCES, COINS, coinBySymbol, coinIconFile, GENERIC_ICON } from '../../src/domain/coins/catalogue';
import { ownCoinIcon } from '../../src/domain/coins/own-icons';
import { TOP_100 } from '../pipeline/coins/top100';

describe('coin catalogue', () => {
  it('holds the package coins and our additions, one entry per symbol', () => {
    expect(CATALOGUE_SOURCES.fromPackage).toBeGreaterThan(450);
    expect(CATALOGUE_SOURCES.added).toBe(ADDED_COINS.length);
    expect(COINS.length).toBe(CATALOGUE_SOURCES.fromPackage + CATALOGUE_SOURCES.added);
    const symbols = COINS.map((c) => c.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('stores symbols upper case without a dollar sign', () => {
    for (const coin of COINS) expect(coin.symbol).toMatch(/^[A-Z0-9]+$/);
  });

  it('leaves out fiat, the generic placeholder and $PAC', () => {
    for (const symbol of ['USD', 'EUR', 'CNY', 'GENERIC', 'PAC', '$PAC']) expect(coinBySymbol(symbol)).toBeUndefined();
  });

  it('adds coins the package lacks, with names', () => {
    for (const symbol of ['SUI', 'APT', 'ARB', 'OP', 'PEPE', 'WIF', 'SHIB', 'TON', 'HYPE', 'TRUMP', 'TAO', 'NEAR']) {
      const coin = coinBySymbol(symbol);
      expect(coin, symbol).toBeDefined();
      expect(coin?.name).not.toBe('');
    }
    expect(coinBySymbol('shib')?.name).toBe('Shiba Inu');
  });

  it('uses fixed display names and carries en and zh aliases', () => {
    const link = coinBySymbol('LINK');
    expect(link?.name).toBe('Chainlink');
    expect(link?.aliases).toContain('chainlink');
    expect(coinBySymbol('BTC')?.aliases).toEqual(expect.arrayContaining(['bitcoin', '比特币', '大饼']));
    expect(coinBySymbol('ETH')?.aliases).toEqual(expect.arrayContaining(['ethereum', '以太坊', '二饼']));
    expect(coinBySymbol('DOGE')?.aliases).toContain('狗狗币');
  });

  it('points icons at /coin-icons/, the generic one for coins without a package svg', () => {
    expect(coinBySymbol('BTC')?.icon).toBe('/coin-icons/btc.svg');
    expect(coinBySymbol('1INCH')?.icon).toBe('/coin-icons/1inch.svg');
    expect(coinBySymbol('SUI')?.icon).toBe('/coin-icons/sui.svg');
    expect(coinBySymbol('PI')?.icon).toBe('/coin-icons/pi.svg');
    expect(GENERIC_ICON).toBe('/coin-icons/generic.svg');
  });

  it('has a real icon for every top-100 coin: the package svg, or our own for PI, which no package has', () => {
    expect(TOP_100).toHaveLength(100);
    const missing = TOP_100.filter((symbol) => {
      const coin = coinBySymbol(symbol);
      const file = coinIconFile(symbol);
      return !coin || coin.icon === GENERIC_ICON || !(ownCoinIcon(symbol) || (file && existsSync(file)));
    });
    expect(missing).toEqual([]);
    expect(ownCoinIcon('pi')).toMatch(/^<svg[^>]+viewBox="0 0 32 32"/);
  });

  it("serves the fork's project-named icons for tickers it files by name", () => {
    expect(coinIconFile('HYPE')).toMatch(/[/\\]hyperliquid\.svg$/);
    expect(coinIconFile('hype.svg')).toBe(coinIconFile('HYPE'));
  });

  it('resolves icon files inside the package, and nothing else', () => {
    const btc = coinIconFile('BTC');
    expect(btc).toMatch(/cryptocurrency-icons[/\\]svg[/\\]color[/\\]btc\.svg$/);
    expect(existsSync(btc!)).toBe(true);
    expect(coinIconFile('btc.svg')).toBe(btc);
    expect(existsSync(coinIconFile('generic')!)).toBe(true);
    expect(coinIconFile('PI')).toBeUndefined();
    expect(coinIconFile('../../package')).toBeUndefined();
    expect(coinIconFile('')).toBeUndefined();
  });

  it('has an svg file for every coin whose icon is not the generic one', () => {
    for (const coin of COINS) {
      if (coin.icon === GENERIC_ICON || ownCoinIcon(coin.symbol)) continue;
      expect(existsSync(coinIconFile(coin.symbol)!), coin.symbol).toBe(true);
    }
  });
});
