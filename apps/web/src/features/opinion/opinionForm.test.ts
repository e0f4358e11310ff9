import type { KolGroup, ViewListItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import type { KeywordItem } from '../filters/filters';
import {
  coinIconUrl,
  coinsFieldError,
  firstCoin,
  keywordItems,
  lastSubViewId,
  resolveGroupId,
  validateCoin,
  validateEvent,
} from './opinionForm';

const kw = (text: string): KeywordItem => ({ key: text, text, editing: false });

describe('coin opinion form', () => {
  it('takes only the first picked coin, without $', () => {
    expect(firstCoin([{ coin: 'ETH' }, { coin: 'BTC' }])).toBe('ETH');
    expect(firstCoin([{ coin: '$SOL' }])).toBe('SOL');
    expect(firstCoin([])).toBe('');
  });

  it('shows the coin icon the server serves by symbol', () => {
    expect(coinIconUrl(' BTC ')).toBe('/coin-icons/btc.svg');
  });

  it('requires a coin', () => {
    expect(validateCoin('')).toEqual({ error: 'coinRequired' });
    expect(validateCoin(' $ ')).toEqual({ error: 'coinRequired' });
    expect(validateCoin('BTC')).toEqual({ coin: 'BTC' });
  });
});

describe('event opinion form', () => {
  it('requires a trimmed title first', () => {
    expect(validateEvent('   ', [kw('ETF')])).toEqual({ error: 'titleRequired' });
  });

  it('requires one keyword after trimming and dropping blanks', () => {
    expect(validateEvent('ETF', [])).toEqual({ error: 'keywordsRequired' });
    expect(validateEvent('ETF', [kw('  '), kw('')])).toEqual({ error: 'keywordsRequired' });
  });

  it('saves trimmed, unique keywords in one keywords rule', () => {
    expect(validateEvent('  ETF approval ', [kw(' ETF '), kw('etf'), kw(''), kw('SEC')])).toEqual({
      name: 'ETF approval',
      matchingRules: [{ type: 'keywords', keywords: ['ETF', 'SEC'] }],
    });
  });

  it('loads the keywords of every rule as committed items', () => {
    const items = keywordItems([
      { type: 'keywords', keywords: ['ETF', 'SEC'] },
      { type: 'keywords', keywords: ['sec', 'Gensler'] },
    ]);
    expect(items.map((k) => k.text)).toEqual(['ETF', 'SEC', 'Gensler']);
    expect(items.every((k) => !k.editing)).toBe(true);
    expect(new Set(items.map((k) => k.key)).size).toBe(3);
  });
});

describe('after a create', () => {
  const list: ViewListItem[] = [
    { viewId: 'h', name: 'Hot', viewType: 'hot_coins', fixed: true, subs: [] },
    {
      viewId: 'coin_opinion',
      name: 'Coins',
      viewType: 'coin_opinion',
      fixed: true,
      subs: [
        { viewId: '3', name: 'BTC', viewType: 'coin_opinion' },
        { viewId: '9', name: 'ETH', viewType: 'coin_opinion' },
      ],
    },
    { viewId: 'event_opinion', name: 'Events', viewType: 'event_opinion', fixed: true, subs: [] },
  ];

  it('opens the last sub-view of the matching group', () => {
    expect(lastSubViewId(list, 'coin_opinion')).toBe('9');
    expect(lastSubViewId(list, 'event_opinion')).toBeNull();
  });
});

describe('KOL group of a loaded view', () => {
  const group = (id: string): KolGroup => ({
    id,
    name: id,
    kolCnt: 1,
    twitterUserFans: [0, 0],
    whiteTwitterUsers: [],
    blackTwitterUsers: [],
  });

  it('is all groups for an empty id', () => {
    expect(resolveGroupId([], false, '')).toBe('');
  });

  it('is the group when the list has it', () => {
    expect(resolveGroupId([group('1'), group('2')], true, '2')).toBe('2');
  });

  it('waits for the list, then falls back to all groups for a group that is gone', () => {
    expect(resolveGroupId([], false, '7')).toBeNull();
    expect(resolveGroupId([group('1')], true, '7')).toBe('');
  });
});

describe('coinsFieldError', () => {
  it("shows the server's refusal of the coins on their field, in either language", () => {
    expect(coinsFieldError('Unknown coin: FOO', ['BTC', '$foo'])).toBe('Unknown coin: FOO');
    expect(coinsFieldError('未知币种：FOO', ['FOO'])).toBe('未知币种：FOO');
    expect(coinsFieldError('Choose at most 3 coins to draw', ['A', 'B', 'C', 'D'])).toBe(
      'Choose at most 3 coins to draw',
    );
  });
  it('leaves every other failure to the toast', () => {
    expect(coinsFieldError('Unknown coin: BAR', ['FOO'])).toBeNull();
    expect(coinsFieldError('The title has at most 100 characters', ['FOO'])).toBeNull();
  });
});
