import { describe, expect, it } from 'vitest';
import { keywordRuleGroupInput, matchingRuleGroupInput, viewCalls } from '../src/index';

const parse = (group: unknown) => matchingRuleGroupInput.safeParse(group);
const ok = (group: unknown) => {
  const r = parse(group);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};
/** The first issue as [path, message key]. */
const issue = (group: unknown) => {
  const r = parse(group);
  if (r.success) throw new Error(`accepted ${JSON.stringify(r.data)}`);
  return [r.error.issues[0]!.path.join('.'), r.error.issues[0]!.message];
};

describe('plain-string matching rules become the object form', () => {
  it('coins lose the $ and are upper case; objects pass as they are, mixed in one group', () => {
    expect(ok({ type: 'coins', rules: ['BTC', '$eth', ' $$sol ', { label: 'UNI', value: 'UNI' }] })).toEqual({
      type: 'coins',
      rules: [
        { label: 'BTC', value: 'BTC' },
        { label: 'ETH', value: 'ETH' },
        { label: 'SOL', value: 'SOL' },
        { label: 'UNI', value: 'UNI' },
      ],
    });
  });

  it('keywords are trimmed text; a blank one is left for the server to drop like an empty object', () => {
    expect(ok({ type: 'keywords', rules: [' etf ', { value: 'sec' }, '  '] }).rules).toEqual([
      { label: 'etf', value: 'etf' },
      { value: 'sec' },
      { label: '', value: '' },
    ]);
  });

  it('categories are primary or primary/secondary ids, lower case', () => {
    expect(ok({ type: 'crypto_types', rules: ['defi', 'DeFi/dex'] }).rules).toEqual([
      { label: 'defi', value: 'defi' },
      { label: 'defi/dex', value: 'defi/dex' },
    ]);
  });

  it('authors: numeric or handle: ids by id, @handle and bare words by handle', () => {
    expect(ok({ type: 'authors', rules: ['12345', 'handle:foo', '@WhaleWatcher', 'dabing'] }).rules).toEqual([
      { label: '12345', value: '12345', data: { username: '' } },
      { label: 'handle:foo', value: 'handle:foo', data: { username: '' } },
      { label: '@WhaleWatcher', value: '', data: { username: 'WhaleWatcher' } },
      { label: '@dabing', value: '', data: { username: 'dabing' } },
    ]);
  });

  it('fans: the pair itself, or a list of pairs; strings or numbers, "" or null an open bound', () => {
    const one = { label: '1000-50000', value: '1000,50000', data: { minFans: 1000, maxFans: 50000 } };
    expect(ok({ type: 'fans', rules: ['1000', '50000'] }).rules).toEqual([one]);
    expect(ok({ type: 'fans', rules: [[1000, '50000']] }).rules).toEqual([one]);
    expect(
      ok({ type: 'fans', rules: [['', '5000'], ['100', null], { data: { minFans: 3, maxFans: 9 } }] }).rules,
    ).toEqual([
      { label: '0-5000', value: '0,5000', data: { minFans: 0, maxFans: 5000 } },
      { label: '100-0', value: '100,0', data: { minFans: 100, maxFans: 0 } },
      { data: { minFans: 3, maxFans: 9 } },
    ]);
  });
});

describe('bad plain values name the rule', () => {
  it.each([
    [{ type: 'coins', rules: ['BTC', '$'] }, 'rules.1', 'rule_coin_invalid'],
    [{ type: 'coins', rules: ['B T C'] }, 'rules.0', 'rule_coin_invalid'],
    [{ type: 'coins', rules: [42] }, 'rules.0', 'rule_coin_invalid'],
    [{ type: 'keywords', rules: ['x'.repeat(101)] }, 'rules.0', 'rule_keyword_invalid'],
    [{ type: 'crypto_types', rules: ['de fi'] }, 'rules.0', 'rule_category_invalid'],
    [{ type: 'authors', rules: ['@'] }, 'rules.0', 'rule_author_invalid'],
    [{ type: 'authors', rules: ['@bad handle'] }, 'rules.0', 'rule_author_invalid'],
    [{ type: 'fans', rules: [['abc', '1']] }, 'rules.0', 'rule_fans_invalid'],
    [{ type: 'fans', rules: [['-1', '']] }, 'rules.0', 'rule_fans_invalid'],
    [{ type: 'fans', rules: [[1.5, 3]] }, 'rules.0', 'rule_fans_invalid'],
    [{ type: 'fans', rules: ['50000', '1000'] }, 'rules.0', 'rule_fans_reversed'],
    [{ type: 'fans', rules: ['1000'] }, 'rules.0', 'rule_fans_invalid'],
    [{ type: 'fans', rules: [['1', '2', '3']] }, 'rules.0', 'rule_fans_invalid'],
  ])('%j → %s %s', (group, path, key) => {
    expect(issue(group)).toEqual([path, key]);
  });

  it('an unknown type is an error on type', () => {
    expect(issue({ type: 'nope', rules: ['x'] })[0]).toBe('type');
  });
});

describe('event opinion keyword groups', () => {
  it('take keywords or rules, strings or objects, and answer {type, keywords}', () => {
    expect(keywordRuleGroupInput.parse({ type: 'keywords', keywords: ['etf', { value: 'sec' }] })).toEqual({
      type: 'keywords',
      keywords: ['etf', 'sec'],
    });
    expect(keywordRuleGroupInput.parse({ type: 'keywords', rules: ['halving', { label: 'etf' }] })).toEqual({
      type: 'keywords',
      keywords: ['halving', 'etf'],
    });
  });

  it('refuse a keyword longer than 100 characters in either form', () => {
    for (const k of ['x'.repeat(101), { value: 'x'.repeat(150) }]) {
      const r = keywordRuleGroupInput.safeParse({ type: 'keywords', keywords: [k] });
      expect(r.success).toBe(false);
    }
  });
});

describe('the calls that take matching rules', () => {
  it('accept the plain forms in view/add, view/update and the event opinion calls', () => {
    const rules = [{ type: 'coins', rules: ['$btc'] }];
    expect(
      viewCalls.add.request.parse({ name: 'x', viewType: 'content_feed', matchingRules: rules }).matchingRules,
    ).toEqual([{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }]);
    expect(
      viewCalls.update.request.safeParse({ viewId: '1', name: 'x', viewType: 'content_feed', matchingRules: rules })
        .success,
    ).toBe(true);
    const event = { name: 'e', matchingRules: [{ type: 'keywords', rules: ['etf'] }] };
    expect(viewCalls.eventOpinionAdd.request.parse(event).matchingRules).toEqual([
      { type: 'keywords', keywords: ['etf'] },
    ]);
    expect(viewCalls.eventOpinionUpdate.request.parse({ ...event, viewId: '1' }).matchingRules).toEqual([
      { type: 'keywords', keywords: ['etf'] },
    ]);
  });
});
