import { describe, expect, it } from 'vitest';
import { coinCalls, coinSymbol, isMessageKey } from '../src/index';

/** The first issue's message, which the server translates when it is a message key. */
const refusal = (input: unknown) => {
  const r = coinSymbol.safeParse(input);
  if (r.success) throw new Error(`accepted ${JSON.stringify(r.data)}`);
  return r.error.issues[0]!.message;
};

describe('the coin page calls take a coin symbol', () => {
  it('as a cashtag or in any case, stored upper case without the $', () => {
    expect(coinSymbol.parse('BTC')).toBe('BTC');
    expect(coinSymbol.parse(' $eth ')).toBe('ETH');
    expect(coinSymbol.parse('$$sol')).toBe('SOL');
    expect(coinSymbol.parse('USDC.E')).toBe('USDC.E');
  });

  it('refuse a missing, blank, malformed or oversized symbol with a message of their own', () => {
    expect(refusal(undefined)).toBe('coin_required');
    expect(refusal('  ')).toBe('coin_required');
    expect(refusal('$')).toBe('coin_required');
    expect(refusal('BTC ETH')).toBe('rule_coin_invalid');
    expect(refusal('../etc')).toBe('rule_coin_invalid');
    expect(refusal('A'.repeat(21))).toBe('rule_coin_invalid');
    expect(refusal('A'.repeat(5000))).toBe('rule_coin_invalid');
    for (const key of ['coin_required', 'rule_coin_invalid']) expect(isMessageKey(key)).toBe(true);
  });

  it('leave a wrong type to the generic "invalid value" message', () => {
    expect(isMessageKey(refusal(42))).toBe(false);
    expect(isMessageKey(refusal(['BTC']))).toBe(false);
  });

  it('filter posts by a known trend only, and page by the feed cursor', () => {
    expect(coinCalls.posts.request.parse({ coin: 'btc' })).toEqual({ coin: 'BTC', tradingTrend: '', nextCb: '' });
    expect(coinCalls.posts.request.safeParse({ coin: 'BTC', tradingTrend: 'moon' }).success).toBe(false);
    expect(coinCalls.overview.request.safeParse({ coin: 'BTC', period: '1y', interval: '1h' }).success).toBe(false);
  });
});
