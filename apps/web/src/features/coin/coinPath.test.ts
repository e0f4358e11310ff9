import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../app/routeAccess';
import { splitPostText } from '../post-card/postText';
import { coinPath, coinSymbolOf } from './coinPath';

describe('a coin page path', () => {
  it('takes the symbol as the server stores it, whatever names it', () => {
    expect(coinPath('BTC')).toBe('/coin/BTC');
    expect(coinPath('$btc')).toBe('/coin/BTC');
    expect(coinPath(' $$Sol ')).toBe('/coin/SOL');
    expect(coinSymbolOf('$eth')).toBe('ETH');
  });

  it('is a route of the app', () => {
    expect(matchRoute(coinPath('$pepe'))).toBe('/coin/:symbol');
    expect(matchRoute(coinPath('USDC.E'))).toBe('/coin/:symbol');
  });

  it('is what a cashtag in post text opens', () => {
    const tags = splitPostText('Loading $btc and $SOL, not $100').filter((p) => p.kind === 'cashtag');
    expect(tags.map((p) => coinPath(p.text))).toEqual(['/coin/BTC', '/coin/SOL']);
  });
});
