/** The pure parts of opinion arguments: terms (English and Chinese), grouping, headlines. */
import { describe, expect, it } from 'vitest';
import { groupPosts } from '../../src/services/arguments/cluster';
import { headlineOf } from '../../src/services/arguments/headline';
import { termsOf } from '../../src/services/arguments/terms';

describe('termsOf', () => {
  it('drops links, handles, stop words and bare numbers; reads $BTC as btc', () => {
    expect(termsOf('@whale $BTC to the moon https://t.co/x 100 ETF inflows!')).toEqual([
      'btc',
      'moon',
      'etf',
      'inflows',
    ]);
  });
  it('splits Chinese into character bigrams, keeping Latin words apart', () => {
    expect(termsOf('比特币ETF资金流入')).toEqual(['比特', '特币', 'etf', '资金', '金流', '流入']);
  });
});

describe('groupPosts', () => {
  const texts = [
    'Spot ETF approval is close, inflows keep coming, institutions buying',
    'Exchange hack drained the hot wallet, withdrawals paused',
    'ETF approval close, inflows keep coming in, institutions keep buying',
    '交易所被黑客攻击，提币暂停',
    'Another exchange hack: hot wallet drained and withdrawals paused again',
    '交易所遭黑客攻击，提币已暂停',
    'gm',
  ];
  it('gathers each theme, whatever the language, and leaves the rest alone', () => {
    const { groups } = groupPosts(texts);
    expect(groups).toEqual([[0, 2], [1, 4], [3, 5], [6]]);
  });
  it('is deterministic', () => {
    expect(groupPosts(texts)).toEqual(groupPosts(texts));
  });
  it('takes the most central member as headline post', () => {
    const { groups, central } = groupPosts([
      'bitcoin halving supply shock coming',
      'halving supply shock coming for bitcoin miners, supply drops',
      'bitcoin halving supply shock is coming soon',
      // Other posts: a word every post has weighs nothing (idf), so the three need company.
      'ETH gas fees are low today',
      'Solana memecoins are pumping hard',
      'XRP lawsuit news tonight',
      'DOGE whales moving coins',
    ]);
    expect(groups[0]).toEqual([0, 1, 2]);
    expect([0, 2]).toContain(central[0]);
  });
});

describe('headlineOf', () => {
  it('keeps a short text, without links or leading handles', () => {
    expect(headlineOf('@a @b  $BTC breaking out   https://x.co/y')).toBe('$BTC breaking out');
  });
  it('cuts a long text at a word with an ellipsis', () => {
    const h = headlineOf(`${'word '.repeat(40)}end`);
    expect(h.endsWith('word…')).toBe(true);
    expect(Array.from(h).length).toBeLessThanOrEqual(120);
  });
  it('cuts Chinese at a character, never inside a surrogate pair', () => {
    const h = headlineOf('比特币'.repeat(30) + '🚀'.repeat(5));
    expect(Array.from(h).length).toBe(60);
    expect(h.endsWith('…')).toBe(true);
    expect(headlineOf(`${'🚀'.repeat(130)}`)).not.toMatch(/[\ud800-\udbff]…$/);
  });
});
